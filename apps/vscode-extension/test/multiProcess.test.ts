import { spawn } from 'node:child_process';
import { silentLogger } from '@roundtable/core';
import { describe, expect, test } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { useStoreWorker } from './support/bundle';

// Separate processes (as separate VS Code windows are) append to one thread at the same time, each merging what
// the others write. The check-and-write must hold between processes, not only between the awaits of one.

const worker = useStoreWorker('roundtable-processes-');
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker.script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('several processes writing one thread', () => {
  test('four processes appending 40 messages each at once: all 160 are stored, once each', async () => {
    const repository = new FileThreadRepository({ root: worker.root, logger: silentLogger });
    const at = new Date().toISOString();
    const seeded = await repository.save(
      { version: 7, id: 'shared', title: 'New thread', createdAt: at, updatedAt: at, participants: [], messages: [] },
      null,
    );
    expect(seeded.ok).toBe(true);

    const names = ['a', 'b', 'c', 'd'];
    const results = await Promise.all(names.map((name) => run(['race', worker.root, 'shared', name, '40'])));
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0, stdout: 'done\n' });

    const loaded = await new FileThreadRepository({
      root: worker.root,
      logger: silentLogger,
    }).load('shared');
    if (!loaded.ok) throw new Error(`not loadable: ${loaded.kind}`);
    const ids = loaded.transcript.messages.map((m) => m.id);
    expect(ids).toHaveLength(160);
    expect(new Set(ids).size).toBe(160);
    for (const name of names) {
      // Each process's own messages keep their relative order.
      const own = ids.filter((id) => id.startsWith(`${name}-`));
      expect(own).toEqual(Array.from({ length: 40 }, (_, i) => `${name}-${i}`));
    }
    expect((await repository.list()).threads.find((t) => t.id === 'shared')?.messageCount).toBe(160);
  }, 60_000);
});
