import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Orchestrator, randomIds, silentLogger, type ThreadLease } from '@roundtable/core';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { bigThread } from '../test/support/bigThread';
import { oneSeatOrchestrator, reportingSaves } from '../test/support/oneSeat';

// `pnpm bench`: the save latency of a completed message, from the moment it completes (a finished reply joins the
// thread) until the save holding it has returned (fsynced: on disk), through the real store and file repository,
// on a 10 KB and an 8 MB thread. Goal: at most 50 ms at both sizes (a save costs what changed, not the thread).

const GOAL_MS = 50;
const SIZES = [
  { label: '10 KB', bytes: 10_000 },
  { label: '8 MB', bytes: 8_000_000 },
] as const;
const REPLY = `A finished reply. ${'lorem ipsum '.repeat(170)}`;

interface Table {
  root: string;
  files: FileThreadRepository;
  orchestrator: Orchestrator;
  lease: ThreadLease;
  /** Resolves once a save holding the message has returned. */
  durable: (messageId: string) => Promise<void>;
  times: number[];
}

const tables = new Map<string, Table>();

beforeAll(async () => {
  for (const { label, bytes } of SIZES) {
    const root = await mkdtemp(join(tmpdir(), 'roundtable-save-bench-'));
    await mkdir(join(root, 'threads'), { recursive: true });
    await writeFile(join(root, 'threads', 'big.json'), JSON.stringify(bigThread('big', bytes)));
    const waiters = new Map<string, () => void>();
    const files = new FileThreadRepository({ root, logger: silentLogger });
    const orchestrator = oneSeatOrchestrator(
      reportingSaves(files, (t) => {
        for (const m of t.messages) waiters.get(m.id)?.();
      }),
      async function* () {},
    );
    await orchestrator.store.initialize();
    const opened = await orchestrator.store.open('big');
    if (!opened.ok) throw new Error(opened.reason);
    const durable = (id: string) =>
      new Promise<void>((resolve) => {
        waiters.set(id, () => {
          waiters.delete(id);
          resolve();
        });
      });
    tables.set(label, { root, files, orchestrator, lease: opened.lease, durable, times: [] });
  }
});

afterAll(async () => {
  for (const [label, table] of tables) {
    const sorted = [...table.times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    const worst = sorted.at(-1) ?? Number.NaN;
    console.log(
      `Completed message to disk, ${label} thread: median ${median.toFixed(1)} ms, slowest ${worst.toFixed(1)} ms ` +
        `of ${sorted.length} (goal: at most ${GOAL_MS} ms)`,
    );
    table.lease.dispose();
    await table.orchestrator.shutdown();
    table.orchestrator.dispose();
    table.files.dispose();
    await table.files.settled();
    await rm(table.root, { recursive: true, force: true });
  }
});

describe('a completed message, from completion to on disk', () => {
  for (const { label } of SIZES) {
    bench(
      `${label} thread (goal: at most ${GOAL_MS} ms)`,
      async () => {
        const table = tables.get(label);
        if (!table) throw new Error('no table');
        const started = performance.now();
        const added = table.orchestrator.store.append(
          'big',
          { id: randomIds.next(), role: 'assistant', speaker: 'claude', content: REPLY, status: 'complete' },
          'urgent',
        );
        if (!added) throw new Error('not appended');
        await table.durable(added.id);
        table.times.push(performance.now() - started);
      },
      { iterations: 40, time: 0, warmupIterations: 3 },
    );
  }
});
