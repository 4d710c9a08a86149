import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type StoredThreadsChange, TRANSCRIPT_VERSION, type Transcript } from '@roundtable/core';
import { describe, expect, test } from 'vitest';
import { countingFs } from '../../test/support/countingFs';
import { saved, thread, useStorageFolder } from '../../test/support/storageFolder';

const folder = useStorageFolder();

describe('FileThreadRepository: files', () => {
  test('saves one compact JSON file per thread, with its empty journal, and loads it back unchanged', async () => {
    const repository = folder.repo();
    await saved(repository, thread('a1'));
    await saved(repository, thread('b2', 'other'));
    expect((await readdir(folder.threadsDir)).sort()).toEqual(['a1.journal', 'a1.json', 'b2.journal', 'b2.json']);
    expect(await readFile(join(folder.threadsDir, 'a1.journal'), 'utf8')).toBe('');
    const text = await readFile(join(folder.threadsDir, 'a1.json'), 'utf8');
    expect(text).toBe(JSON.stringify(thread('a1')));
    const loaded = await folder.repo().load('a1');
    expect(loaded).toEqual({ ok: true, transcript: thread('a1'), revision: expect.any(String) });
  });

  test('flushes the thread file and then its folder to disk on every save', async () => {
    const counting = countingFs();
    await saved(folder.repo({ fs: counting.fs }), thread('a1'));
    const tempSync = counting.syncs.findIndex((name) => name.startsWith('a1.') && name.endsWith('.tmp'));
    const folderSync = counting.syncs.indexOf('threads');
    expect(tempSync).toBeGreaterThanOrEqual(0);
    expect(folderSync).toBeGreaterThan(tempSync);
  });

  test('a version 1 file written by an older build loads, upgraded', async () => {
    await mkdir(folder.threadsDir, { recursive: true });
    const v1 = { ...thread('old'), version: 1 };
    await writeFile(join(folder.threadsDir, 'old.json'), JSON.stringify(v1));
    const loaded = await folder.repo().load('old');
    expect(loaded.ok && loaded.transcript.version).toBe(TRANSCRIPT_VERSION);
  });

  test('refuses to write an invalid thread or an unsafe id, and writes nothing', async () => {
    const repository = folder.repo();
    const streaming = thread('s1');
    streaming.messages[1] = { ...streaming.messages[1], status: 'streaming' } as Transcript['messages'][number];
    await expect(repository.save(streaming, null)).rejects.toThrow(/streaming/);
    await expect(repository.save({ ...thread('x'), id: '../evil' }, null)).rejects.toThrow(/unsafe id/);
    await expect(readdir(folder.threadsDir).catch(() => [])).resolves.toEqual([]);
  });
});

describe('FileThreadRepository: compare and write', () => {
  test('a save based on an older revision writes nothing and returns what is stored', async () => {
    const a = folder.repo();
    const b = folder.repo();
    const first = await saved(a, thread('t', 'first'));
    const second = await b.save(thread('t', 'from b'), first);
    expect(second.ok).toBe(true);
    const stale = await a.save(thread('t', 'from a'), first);
    expect(stale).toEqual({
      ok: false,
      kind: 'conflict',
      current: thread('t', 'from b'),
      revision: expect.any(String),
    });
    expect(JSON.parse(await readFile(join(folder.threadsDir, 't.json'), 'utf8')).title).toBe('from b');
    if (stale.ok || stale.kind !== 'conflict') return;
    expect((await a.save(thread('t', 'merged'), stale.revision)).ok).toBe(true);
  });

  test('two saves of a new thread at the same moment: exactly one writes, the other gets a conflict', async () => {
    const results = await Promise.all([
      folder.repo().save(thread('t', 'one'), null),
      folder.repo().save(thread('t', 'two'), null),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.kind)).sort()).toEqual(['conflict', 'ok']);
  });

  test('a save meets a deletion as "deleted", and does not bring the thread back', async () => {
    const a = folder.repo();
    const revision = await saved(a, thread('t'));
    await folder.repo().delete('t');
    expect(await a.save(thread('t', 'late'), revision)).toEqual({ ok: false, kind: 'deleted' });
    await expect(readdir(folder.threadsDir)).resolves.toEqual([]);
    expect((await a.list()).threads).toEqual([]);
  });

  test('a thread from a newer Roundtable is listed as unreadable, never set aside or overwritten', async () => {
    await mkdir(folder.threadsDir, { recursive: true });
    const newer = JSON.stringify({ ...thread('n'), version: TRANSCRIPT_VERSION + 1, newField: true });
    await writeFile(join(folder.threadsDir, 'n.json'), newer);
    const repository = folder.repo();
    expect((await repository.list()).unreadable).toEqual([
      { key: 'n.json', reason: expect.stringContaining('newer Roundtable'), setAside: false },
    ]);
    expect(await repository.save(thread('n'), 'some-old-revision')).toEqual({
      ok: false,
      kind: 'refused',
      reason: expect.stringContaining('newer Roundtable'),
    });
    await expect(readFile(join(folder.threadsDir, 'n.json'), 'utf8')).resolves.toBe(newer);
  });
});

describe('FileThreadRepository: the index', () => {
  test('lists from the index alone once it is current, and rebuilds it when missing, corrupt or stale', async () => {
    const writer = folder.repo();
    await saved(writer, thread('a', 'first', '2026-03-01T10:00:00.000Z'));
    await saved(writer, thread('b', 'second', '2026-03-02T10:00:00.000Z'));
    const counting = countingFs();
    const reader = folder.repo({ fs: counting.fs });
    expect((await reader.list()).threads.map((t) => [t.id, t.title, t.messageCount])).toEqual([
      ['b', 'second', 2],
      ['a', 'first', 2],
    ]);

    expect(counting.reads.filter((name) => name.endsWith('.json'))).toEqual(['thread-index.json']);

    for (const breakIt of [
      () => rm(join(folder.root, 'thread-index.json')),
      () => writeFile(join(folder.root, 'thread-index.json'), '{"version":1,'),
      // Changed by hand: a thread file copied in from elsewhere. The folder's stamp moves on; the index does not.
      () => writeFile(join(folder.threadsDir, 'c.json'), JSON.stringify(thread('c', 'copied in'))),
    ]) {
      await breakIt();
      counting.reset();
      const list = await folder.repo({ fs: counting.fs }).list();
      expect(list.threads.length).toBeGreaterThanOrEqual(2);
      expect(counting.reads.filter((n) => n.endsWith('.json') && n !== 'thread-index.json').length).toBeGreaterThan(0);
    }
    expect((await folder.repo().list()).threads.map((t) => t.id).sort()).toEqual(['a', 'b', 'c']);
  });

  test('activation with 1,000 stored threads reads exactly the index and one thread file', async () => {
    await mkdir(folder.threadsDir, { recursive: true });
    for (let i = 0; i < 1_000; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const t = thread(`t${i}`, `thread ${i}`, `2026-02-${day}T00:00:00.${String(i % 1000).padStart(3, '0')}Z`);
      await writeFile(join(folder.threadsDir, `t${i}.json`), JSON.stringify(t));
    }
    await folder.repo().list(); // builds the index, as the first window to start after these files appeared would
    const counting = countingFs();
    const repository = folder.repo({ fs: counting.fs });
    const list = await repository.list();
    expect(list.threads).toHaveLength(1_000);
    const newest = [...list.threads].sort((x, y) => y.updatedAt.localeCompare(x.updatedAt))[0];
    const loaded = await repository.load(newest?.id ?? '');
    expect(loaded.ok).toBe(true);
    expect(counting.reads.filter((n) => n.endsWith('.json'))).toEqual(['thread-index.json', `${newest?.id}.json`]);
  }, 60_000);
});

describe('FileThreadRepository: other windows', () => {
  test('reports another process’s writes and deletions, never its own', async () => {
    const mine = folder.repo();
    const theirs = folder.repo();
    const changes: StoredThreadsChange[] = [];
    mine.onDidChangeStored((c) => changes.push(c));
    await saved(mine, thread('t'));
    await mine.findChanges();
    expect(changes).toEqual([]);

    const loaded = await theirs.load('t');
    if (!loaded.ok) throw new Error('not loaded');
    await theirs.save(thread('t', 'changed there'), loaded.revision);
    // Their save appended to the journal; the list's summary follows shortly after (here: at once).
    await theirs.flush();
    await mine.findChanges();
    expect(changes).toEqual([{ threadIds: ['t'], listChanged: true }]);
    await mine.findChanges();
    expect(changes).toHaveLength(1); // reported once

    await saved(theirs, thread('new'));
    await mine.findChanges();
    expect(changes.at(-1)).toEqual({ threadIds: [], listChanged: true });

    await theirs.delete('t');
    await mine.findChanges(['t']);
    expect(changes.at(-1)).toEqual({ threadIds: ['t'], listChanged: true });
  });

  test('locate only resolves names of this folder', () => {
    const repository = folder.repo();
    expect(repository.locate('abc-123')).toBe(join(folder.threadsDir, 'abc-123.json'));
    expect(repository.locate('abc.corrupt-2026-03-04T05-06-07-089Z.json')).toBe(
      join(folder.threadsDir, 'abc.corrupt-2026-03-04T05-06-07-089Z.json'),
    );
    for (const bad of ['../x', '..', 'a/b.json', 'x.txt', '']) expect(repository.locate(bad)).toBeUndefined();
  });
});
