import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForChild, removeChildBundle } from '@roundtable/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { withFileLock } from './fileLock';

let dir: string;
let worker = '';
beforeAll(async () => {
  worker = await bundleForChild(join(__dirname, '../../test/lockWorker.ts'));
});
afterAll(async () => {
  await removeChildBundle(worker);
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundtable-lock-'));
  return () => rm(dir, { recursive: true, force: true });
});

function run(script: string, args: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

describe('withFileLock', () => {
  test('excludes other processes: four processes incrementing one counter lose no increment', async () => {
    const lock = join(dir, 'locks', 'counter.lock');
    const counter = join(dir, 'counter');
    const codes = await Promise.all([1, 2, 3, 4].map(() => run(worker, [lock, counter, '40'])));
    expect(codes).toEqual([0, 0, 0, 0]);
    expect(await readFile(counter, 'utf8')).toBe('160');
  }, 60_000);

  test('excludes callers within one process, in order', async () => {
    const lock = join(dir, 'one.lock');
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        withFileLock(lock, async () => {
          order.push(`${name}+`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(`${name}-`);
        }),
      ),
    );
    expect(order).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
    await expect(stat(lock)).rejects.toThrow(/ENOENT/);
    expect(await readdir(dir)).toEqual([]); // no owner drafts left behind
  });

  test('takes over a lock left by a process that died', async () => {
    const lock = join(dir, 'dead.lock');
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid ?? 0)));
    await writeFile(lock, JSON.stringify({ pid: deadPid, host: hostname(), token: 'gone' }));
    await expect(withFileLock(lock, async () => 'mine', { timeoutMs: 2_000 })).resolves.toBe('mine');
  });

  test('waits for a live holder, and takes over only once the lock is older than staleMs', async () => {
    const lock = join(dir, 'live.lock');
    await writeFile(lock, JSON.stringify({ pid: process.ppid, host: hostname(), token: 'alive' }));
    await expect(withFileLock(lock, async () => 'x', { timeoutMs: 200 })).rejects.toThrow(
      new RegExp(`Timed out after 200 ms waiting for process ${process.ppid}`),
    );
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    await expect(withFileLock(lock, async () => 'taken over', { timeoutMs: 2_000 })).resolves.toBe('taken over');
  });

  test('a lock this code did not write (no readable owner) is stale only when old', async () => {
    const lock = join(dir, 'ownerless.lock');
    await writeFile(lock, '');
    await expect(withFileLock(lock, async () => 'x', { timeoutMs: 100 })).rejects.toThrow(/Timed out/);
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    await expect(withFileLock(lock, async () => 'ok', { timeoutMs: 2_000 })).resolves.toBe('ok');
  });

  test('a lock folder removed after its first use is made again', async () => {
    const folder = join(dir, 'gone');
    const lock = join(folder, 'again.lock');
    await expect(withFileLock(lock, async () => 'first')).resolves.toBe('first');
    await rm(folder, { recursive: true });
    await expect(withFileLock(lock, async () => 'second')).resolves.toBe('second');
    expect(await readdir(folder)).toEqual([]); // neither the lock nor its draft is left
  });

  test('the owner draft is gone by the time the lock is released, even when the work is instant', async () => {
    const lock = join(dir, 'quick.lock');
    for (let i = 0; i < 20; i++) await withFileLock(lock, async () => undefined);
    expect(await readdir(dir)).toEqual([]);
  });

  test('releases the lock when the work throws', async () => {
    const lock = join(dir, 'throws.lock');
    await expect(withFileLock(lock, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withFileLock(lock, async () => 'free')).resolves.toBe('free');
  });
});
