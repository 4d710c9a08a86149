import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Logger, silentLogger } from '@roundtable/core';
import { describe, expect, test, vi } from 'vitest';
import { saved, thread, useStorageFolder } from '../../test/support/storageFolder';

// Files that are not (or no longer) threads, and what killed processes leave behind.

const folder = useStorageFolder();

describe('FileThreadRepository: unreadable files', () => {
  test('a corrupt file is set aside, listed as unreadable with its reason, and the others still load', async () => {
    const messages: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (m) => messages.push(m) };
    await saved(folder.repo(), thread('good'));
    await writeFile(join(folder.threadsDir, 'bad.json'), '{"version": 2, "id": "bad"');
    await writeFile(
      join(folder.threadsDir, 'wrong.json'),
      JSON.stringify({ ...thread('wrong'), messages: [{ seq: 3 }] }),
    );
    // The rebuild reads the newest files first; the list still names unreadable files in name order.
    const later = new Date(Date.now() + 60_000);
    await utimes(join(folder.threadsDir, 'wrong.json'), later, later);
    const list = await folder.repo({ logger }).list();
    expect(list.threads.map((t) => t.id)).toEqual(['good']);
    expect(list.unreadable).toEqual([
      {
        key: 'bad.corrupt-2026-03-04T05-06-07-089Z.json',
        reason: expect.stringContaining('Not valid JSON'),
        setAside: true,
      },
      {
        key: 'wrong.corrupt-2026-03-04T05-06-07-089Z.json',
        reason: expect.stringContaining('Invalid thread'),
        setAside: true,
      },
    ]);
    expect((await readdir(folder.threadsDir)).sort()).toEqual([
      'bad.corrupt-2026-03-04T05-06-07-089Z.json',
      'good.journal',
      'good.json',
      'wrong.corrupt-2026-03-04T05-06-07-089Z.json',
    ]);
    expect(messages.filter((m) => m.includes('renamed'))).toHaveLength(2);
    // Listed again from the index, and again after a rebuild: it never vanishes from the list.
    expect((await folder.repo().list()).unreadable).toHaveLength(2);
    await rm(join(folder.root, 'thread-index.json'));
    expect((await folder.repo().list()).unreadable.map((u) => u.reason)).toEqual([
      expect.stringContaining('Not valid JSON'),
      expect.stringContaining('Invalid thread'),
    ]);
  });

  test('a thread file replaced by a folder stays in the list, marked, and is left where it is', async () => {
    const repository = folder.repo();
    await saved(repository, thread('t'));
    await rm(join(folder.threadsDir, 't.json'));
    await mkdir(join(folder.threadsDir, 't.json'));
    const list = await folder.repo().list();
    expect(list.threads).toEqual([]);
    expect(list.unreadable).toEqual([{ key: 't.json', reason: 'It is a folder, not a file.', setAside: false }]);
    expect(await folder.repo().load('t')).toEqual({
      ok: false,
      kind: 'unreadable',
      reason: 'It is a folder, not a file.',
    });
    expect(repository.locate('t.json')).toBe(join(folder.threadsDir, 't.json'));
  });

  test('a file that turns corrupt after listing is set aside when loaded', async () => {
    const repository = folder.repo();
    await saved(repository, thread('t'));
    await repository.list();
    await writeFile(join(folder.threadsDir, 't.json'), 'garbage'); // in place: the folder does not change
    expect(await repository.load('t')).toEqual({
      ok: false,
      kind: 'unreadable',
      reason: expect.stringContaining('JSON'),
    });
    expect((await repository.list()).unreadable.map((u) => u.key)).toEqual(['t.corrupt-2026-03-04T05-06-07-089Z.json']);
  });
});

describe('FileThreadRepository: leftovers of killed processes', () => {
  test('old temp files and lock drafts are swept after the first list; fresh ones are left alone', async () => {
    const temp = join(folder.root, '.roundtable-tmp');
    const locks = join(folder.root, '.roundtable-locks');
    await mkdir(temp, { recursive: true });
    await mkdir(locks, { recursive: true });
    const old = new Date(Date.now() - 5 * 60_000);
    for (const path of [join(temp, 'a.123.abc.tmp'), join(locks, 'a.lock.def.tmp')]) {
      await writeFile(path, 'half');
      await utimes(path, old, old);
    }
    await writeFile(join(temp, 'b.456.fresh.tmp'), 'being written');
    await folder.repo().list();
    await vi.waitFor(async () => expect(await readdir(temp)).toEqual(['b.456.fresh.tmp']));
    expect(await readdir(locks)).toEqual([]);
  });
});
