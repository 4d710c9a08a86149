import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { countingFs } from '../../test/support/countingFs';
import { thread, useStorageFolder } from '../../test/support/storageFolder';

// The list at start comes in two parts, so a window's first state does not wait for every thread: the newest
// threads as soon as they are known, then the whole list (`rest`).

const folder = useStorageFolder();

/** `count` thread files, thread i updated i minutes after the first and written (mtime) in the same order. */
async function writeThreads(count: number, version = 4): Promise<void> {
  await mkdir(folder.threadsDir, { recursive: true });
  const start = Date.parse('2026-02-01T00:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * 60_000);
    const path = join(folder.threadsDir, `t${i}.json`);
    await writeFile(path, JSON.stringify({ ...thread(`t${i}`, `thread ${i}`, at.toISOString()), version }));
    await utimes(path, at, at);
  }
}

const newestIds = (count: number, of: number) => Array.from({ length: count }, (_, i) => `t${of - 1 - i}`);

describe('FileThreadRepository.listFirst', () => {
  test('a good index: the newest 50 entries at once, the whole list after, both newest first', async () => {
    await writeThreads(300);
    await folder.repo().list(); // the index, as an earlier session left it
    const first = await folder.repo().listFirst();
    expect(first.threads.map((t) => t.id)).toEqual(newestIds(50, 300));
    const all = await first.rest;
    expect(all?.threads.map((t) => t.id)).toEqual(newestIds(300, 300));
  });

  test('a short index is whole at once: no rest', async () => {
    await writeThreads(20);
    await folder.repo().list();
    const first = await folder.repo().listFirst();
    expect(first.rest).toBeUndefined();
    expect(first.threads).toHaveLength(20);
  });

  test('no index (a first start after an upgrade): the newest files are told of before the rest are read', async () => {
    await writeThreads(100, 1);
    const counting = countingFs();
    const first = await folder.repo({ fs: counting.fs }).listFirst();
    const readBeforeFirst = counting.reads.filter((name) => /^t\d+\.json$/.test(name));
    expect(readBeforeFirst.length).toBeLessThan(20);
    expect(first.threads.map((t) => t.id)).toEqual(newestIds(8, 100));
    const all = await first.rest;
    expect(all?.threads.map((t) => t.id)).toEqual(newestIds(100, 100));
    const index = JSON.parse(await readFile(join(folder.root, 'thread-index.json'), 'utf8')) as { threads: unknown[] };
    expect(index.threads).toHaveLength(100);
  });

  test('an index with a bad entry past the first page is rebuilt from the files, losing none', async () => {
    await writeThreads(120);
    await folder.repo().list();
    const path = join(folder.root, 'thread-index.json');
    const index = JSON.parse(await readFile(path, 'utf8')) as { threads: { messageCount: unknown }[] };
    const entry = index.threads[90];
    if (entry) entry.messageCount = 'many';
    await writeFile(path, JSON.stringify(index));
    // Same folder stamp: only the entry is wrong, which only the later check can see.
    const first = await folder.repo().listFirst();
    expect(first.threads.map((t) => t.id)).toEqual(newestIds(50, 120));
    expect((await first.rest)?.threads.map((t) => t.id)).toEqual(newestIds(120, 120));
  });

  test('an index out of order (hand-edited) is rebuilt', async () => {
    await writeThreads(60);
    await folder.repo().list();
    const path = join(folder.root, 'thread-index.json');
    const index = JSON.parse(await readFile(path, 'utf8')) as { threads: unknown[] };
    index.threads.reverse();
    await writeFile(path, JSON.stringify(index));
    const first = await folder.repo().listFirst();
    const all = (await first.rest) ?? first;
    expect(all.threads.map((t) => t.id)).toEqual(newestIds(60, 60));
  });
});
