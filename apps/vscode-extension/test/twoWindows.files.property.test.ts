import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { convergenceProblems, playTwoWindows, windowOps } from '@roundtable/core/testing';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { realFs } from '../src/storage/threadFiles';
import { readWholeThread } from '../src/storage/threadState';

// Two windows (two stores, each with its own file repository, as two extension hosts have) over one real storage
// folder, through random interleavings of send, stream, finish, fail, stop, retry, delete, new thread, switch,
// save and sync from both sides. Saves of both sides race for real (the `saveBoth` step writes concurrently): whole
// writes, journal appends (each repository appends to a thread it has read or written) and compactions alike.

describe('two windows on one storage folder', () => {
  test('lose or duplicate no message, leave only valid files, and converge on the same transcripts', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(windowOps(40), async (ops) => {
        runs += 1;
        const root = await mkdtemp(join(tmpdir(), 'roundtable-two-windows-'));
        try {
          const repositories: FileThreadRepository[] = [];
          const result = await playTwoWindows(ops, () => {
            // In one run of four, every journal is folded into its base right after each append, in the background,
            // so compactions race the other window's appends and whole writes too.
            const compaction = runs % 4 === 0 ? { compactWhenIdleMs: 0 } : {};
            const repository = new FileThreadRepository({
              root,
              logger: silentLogger,
              ...compaction,
            });
            repositories.push(repository);
            return { repository, sync: () => repository.findChanges() };
          });
          for (const repository of repositories) {
            repository.dispose();
            await repository.settled();
          }
          expect(convergenceProblems(result)).toEqual([]);
          // Every file on disk is a valid thread and holds exactly what both windows hold.
          const threadsDir = join(root, 'threads');
          const names = await readdir(threadsDir);
          expect(names.filter((n) => n.includes('.corrupt-') || n.endsWith('.tmp'))).toEqual([]);
          // A journal only beside its thread's base file; read whole (base and journal), with no line left out.
          const journals = names.filter((n) => n.endsWith('.journal')).map((n) => n.replace(/\.journal$/, '.json'));
          expect(journals.filter((n) => !names.includes(n))).toEqual([]);
          for (const name of names.filter((n) => n.endsWith('.json'))) {
            const id = name.replace(/\.json$/, '');
            const file = await readWholeThread(realFs, join(threadsDir, name), id);
            if (file.kind !== 'ok') throw new Error(`${name}: ${file.kind}`);
            expect(file.rejected).toEqual([]);
            const held = result.transcripts[0].get(id);
            expect(file.stored.transcript.messages.map((m) => [m.id, m.status])).toEqual(
              held?.messages.map((m) => [m.id, m.status]),
            );
          }
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 200 },
    );
    expect(runs).toBeGreaterThanOrEqual(200);
  }, 600_000);
});
