import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, type StoredThreadsChange, silentLogger, type Transcript } from '@roundtable/core';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { countingFs } from '../../test/support/countingFs';
import { FileThreadRepository } from './FileThreadRepository';

let root: string;
let threadsDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'roundtable-threads-'));
  threadsDir = join(root, 'threads');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const fixedNow = () => new Date('2026-03-04T05:06:07.089Z');

function thread(id: string, content = 'hello', updatedAt = '2026-03-01T10:00:00.000Z'): Transcript {
  const at = '2026-03-01T10:00:00.000Z';
  return {
    version: 2,
    id,
    title: content,
    createdAt: at,
    updatedAt,
    participants: ['claude'],
    messages: [
      { id: `${id}-0`, seq: 0, role: 'user', speaker: 'user', content, status: 'complete', createdAt: at },
      {
        id: `${id}-1`,
        seq: 1,
        role: 'assistant',
        speaker: 'claude',
        content: 'hi',
        status: 'complete',
        createdAt: '2026-03-01T10:00:00.001Z',
      },
    ],
  };
}

function repo(options: { logger?: Logger; fs?: ReturnType<typeof countingFs>['fs'] } = {}) {
  return new FileThreadRepository({ root, logger: options.logger ?? silentLogger, now: fixedNow, ...options });
}

async function saved(repository: FileThreadRepository, t: Transcript) {
  const result = await repository.save(t, null);
  if (!result.ok) throw new Error(`save refused: ${result.kind}`);
  return result.revision;
}

describe('FileThreadRepository: files', () => {
  test('saves one compact JSON file per thread and loads it back unchanged', async () => {
    const repository = repo();
    await saved(repository, thread('a1'));
    await saved(repository, thread('b2', 'other'));
    expect((await readdir(threadsDir)).sort()).toEqual(['a1.json', 'b2.json']);
    const text = await readFile(join(threadsDir, 'a1.json'), 'utf8');
    expect(text).toBe(JSON.stringify(thread('a1')));
    const loaded = await repo().load('a1');
    expect(loaded).toEqual({ ok: true, transcript: thread('a1'), revision: expect.any(String) });
  });

  test('flushes the thread file and then its folder to disk on every save', async () => {
    const counting = countingFs();
    await saved(repo({ fs: counting.fs }), thread('a1'));
    const tempSync = counting.syncs.findIndex((name) => name.startsWith('a1.') && name.endsWith('.tmp'));
    const folderSync = counting.syncs.indexOf('threads');
    expect(tempSync).toBeGreaterThanOrEqual(0);
    expect(folderSync).toBeGreaterThan(tempSync);
  });

  test('a version 1 file written by an older build loads, upgraded', async () => {
    await mkdir(threadsDir, { recursive: true });
    const v1 = { ...thread('old'), version: 1 };
    await writeFile(join(threadsDir, 'old.json'), JSON.stringify(v1));
    const loaded = await repo().load('old');
    expect(loaded.ok && loaded.transcript.version).toBe(2);
  });

  test('refuses to write an invalid thread or an unsafe id, and writes nothing', async () => {
    const repository = repo();
    const streaming = thread('s1');
    streaming.messages[1] = { ...streaming.messages[1], status: 'streaming' } as Transcript['messages'][number];
    await expect(repository.save(streaming, null)).rejects.toThrow(/streaming/);
    await expect(repository.save({ ...thread('x'), id: '../evil' }, null)).rejects.toThrow(/unsafe id/);
    await expect(readdir(threadsDir).catch(() => [])).resolves.toEqual([]);
  });
});

describe('FileThreadRepository: compare and write', () => {
  test('a save based on an older revision writes nothing and returns what is stored', async () => {
    const a = repo();
    const b = repo();
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
    expect(JSON.parse(await readFile(join(threadsDir, 't.json'), 'utf8')).title).toBe('from b');
    if (stale.ok || stale.kind !== 'conflict') return;
    expect((await a.save(thread('t', 'merged'), stale.revision)).ok).toBe(true);
  });

  test('two saves of a new thread at the same moment: exactly one writes, the other gets a conflict', async () => {
    const results = await Promise.all([repo().save(thread('t', 'one'), null), repo().save(thread('t', 'two'), null)]);
    expect(results.map((r) => (r.ok ? 'ok' : r.kind)).sort()).toEqual(['conflict', 'ok']);
  });

  test('a save meets a deletion as "deleted", and does not bring the thread back', async () => {
    const a = repo();
    const revision = await saved(a, thread('t'));
    await repo().delete('t');
    expect(await a.save(thread('t', 'late'), revision)).toEqual({ ok: false, kind: 'deleted' });
    await expect(readdir(threadsDir)).resolves.toEqual([]);
    expect((await a.list()).threads).toEqual([]);
  });

  test('a thread from a newer Roundtable is listed as unreadable, never set aside or overwritten', async () => {
    await mkdir(threadsDir, { recursive: true });
    const newer = JSON.stringify({ ...thread('n'), version: 3, newField: true });
    await writeFile(join(threadsDir, 'n.json'), newer);
    const repository = repo();
    expect((await repository.list()).unreadable).toEqual([
      { key: 'n.json', reason: expect.stringContaining('newer Roundtable'), setAside: false },
    ]);
    expect(await repository.save(thread('n'), 'some-old-revision')).toEqual({
      ok: false,
      kind: 'refused',
      reason: expect.stringContaining('newer Roundtable'),
    });
    await expect(readFile(join(threadsDir, 'n.json'), 'utf8')).resolves.toBe(newer);
  });
});

describe('FileThreadRepository: unreadable files', () => {
  test('a corrupt file is set aside, listed as unreadable with its reason, and the others still load', async () => {
    const messages: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (m) => messages.push(m) };
    await saved(repo(), thread('good'));
    await writeFile(join(threadsDir, 'bad.json'), '{"version": 2, "id": "bad"');
    await writeFile(join(threadsDir, 'wrong.json'), JSON.stringify({ ...thread('wrong'), messages: [{ seq: 3 }] }));
    const list = await repo({ logger }).list();
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
    expect((await readdir(threadsDir)).sort()).toEqual([
      'bad.corrupt-2026-03-04T05-06-07-089Z.json',
      'good.json',
      'wrong.corrupt-2026-03-04T05-06-07-089Z.json',
    ]);
    expect(messages.filter((m) => m.includes('renamed'))).toHaveLength(2);
    // Listed again from the index, and again after a rebuild: it never vanishes from the list.
    expect((await repo().list()).unreadable).toHaveLength(2);
    await rm(join(root, 'thread-index.json'));
    expect((await repo().list()).unreadable.map((u) => u.reason)).toEqual([
      expect.stringContaining('Not valid JSON'),
      expect.stringContaining('Invalid thread'),
    ]);
  });

  test('a thread file replaced by a folder stays in the list, marked, and is left where it is', async () => {
    const repository = repo();
    await saved(repository, thread('t'));
    await rm(join(threadsDir, 't.json'));
    await mkdir(join(threadsDir, 't.json'));
    const list = await repo().list();
    expect(list.threads).toEqual([]);
    expect(list.unreadable).toEqual([{ key: 't.json', reason: 'It is a folder, not a file.', setAside: false }]);
    expect(await repo().load('t')).toEqual({ ok: false, kind: 'unreadable', reason: 'It is a folder, not a file.' });
    expect(repository.locate('t.json')).toBe(join(threadsDir, 't.json'));
  });

  test('a file that turns corrupt after listing is set aside when loaded', async () => {
    const repository = repo();
    await saved(repository, thread('t'));
    await repository.list();
    await writeFile(join(threadsDir, 't.json'), 'garbage'); // in place: the folder does not change
    expect(await repository.load('t')).toEqual({
      ok: false,
      kind: 'unreadable',
      reason: expect.stringContaining('JSON'),
    });
    expect((await repository.list()).unreadable.map((u) => u.key)).toEqual(['t.corrupt-2026-03-04T05-06-07-089Z.json']);
  });
});

describe('FileThreadRepository: the index', () => {
  test('lists from the index alone once it is current, and rebuilds it when missing, corrupt or stale', async () => {
    const writer = repo();
    await saved(writer, thread('a', 'first', '2026-03-01T10:00:00.000Z'));
    await saved(writer, thread('b', 'second', '2026-03-02T10:00:00.000Z'));
    const counting = countingFs();
    const reader = repo({ fs: counting.fs });
    expect((await reader.list()).threads.map((t) => [t.id, t.title, t.messageCount])).toEqual([
      ['a', 'first', 2],
      ['b', 'second', 2],
    ]);
    expect(counting.reads.filter((name) => name.endsWith('.json'))).toEqual(['thread-index.json']);

    for (const breakIt of [
      () => rm(join(root, 'thread-index.json')),
      () => writeFile(join(root, 'thread-index.json'), '{"version":1,'),
      // Changed by hand: a thread file copied in from elsewhere. The folder's stamp moves on; the index does not.
      () => writeFile(join(threadsDir, 'c.json'), JSON.stringify(thread('c', 'copied in'))),
    ]) {
      await breakIt();
      counting.reset();
      const list = await repo({ fs: counting.fs }).list();
      expect(list.threads.length).toBeGreaterThanOrEqual(2);
      expect(counting.reads.filter((n) => n.endsWith('.json') && n !== 'thread-index.json').length).toBeGreaterThan(0);
    }
    expect((await repo().list()).threads.map((t) => t.id).sort()).toEqual(['a', 'b', 'c']);
  });

  test('activation with 1,000 stored threads reads exactly the index and one thread file', async () => {
    await mkdir(threadsDir, { recursive: true });
    for (let i = 0; i < 1_000; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const t = thread(`t${i}`, `thread ${i}`, `2026-02-${day}T00:00:00.${String(i % 1000).padStart(3, '0')}Z`);
      await writeFile(join(threadsDir, `t${i}.json`), JSON.stringify(t));
    }
    await repo().list(); // builds the index, as the first window to start after these files appeared would
    const counting = countingFs();
    const repository = repo({ fs: counting.fs });
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
    const mine = repo();
    const theirs = repo();
    const changes: StoredThreadsChange[] = [];
    mine.onDidChangeStored((c) => changes.push(c));
    await saved(mine, thread('t'));
    await mine.findChanges();
    expect(changes).toEqual([]);

    const loaded = await theirs.load('t');
    if (!loaded.ok) throw new Error('not loaded');
    await theirs.save(thread('t', 'changed there'), loaded.revision);
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
    const repository = repo();
    expect(repository.locate('abc-123')).toBe(join(threadsDir, 'abc-123.json'));
    expect(repository.locate('abc.corrupt-2026-03-04T05-06-07-089Z.json')).toBe(
      join(threadsDir, 'abc.corrupt-2026-03-04T05-06-07-089Z.json'),
    );
    for (const bad of ['../x', '..', 'a/b.json', 'x.txt', '']) expect(repository.locate(bad)).toBeUndefined();
  });
});

describe('FileThreadRepository: leftovers of killed processes', () => {
  test('old temp files and lock drafts are swept after the first list; fresh ones are left alone', async () => {
    const { utimes } = await import('node:fs/promises');
    const temp = join(root, '.roundtable-tmp');
    const locks = join(root, '.roundtable-locks');
    await mkdir(temp, { recursive: true });
    await mkdir(locks, { recursive: true });
    const old = new Date(Date.now() - 5 * 60_000);
    for (const path of [join(temp, 'a.123.abc.tmp'), join(locks, 'a.lock.def.tmp')]) {
      await writeFile(path, 'half');
      await utimes(path, old, old);
    }
    await writeFile(join(temp, 'b.456.fresh.tmp'), 'being written');
    await repo().list();
    await vi.waitFor(async () => expect(await readdir(temp)).toEqual(['b.456.fresh.tmp']));
    expect(await readdir(locks)).toEqual([]);
  });
});
