import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, silentLogger, type Transcript } from '@roundtable/core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileThreadRepository } from './FileThreadRepository';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roundtable-threads-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fixedNow = () => new Date('2026-03-04T05:06:07.089Z');

function thread(id: string, content = 'hello'): Transcript {
  const at = '2026-03-01T10:00:00.000Z';
  return {
    version: 1,
    id,
    title: 'hello',
    createdAt: at,
    updatedAt: at,
    participants: ['claude'],
    messages: [
      { id: `${id}-0`, seq: 0, role: 'user', speaker: 'user', content, status: 'complete', createdAt: at },
      { id: `${id}-1`, seq: 1, role: 'assistant', speaker: 'claude', content: 'hi', status: 'complete', createdAt: at },
    ],
  };
}

describe('FileThreadRepository', () => {
  test('saves one pretty JSON file per thread and loads it back unchanged', async () => {
    const repo = new FileThreadRepository(dir, silentLogger);
    await repo.save(thread('a1'));
    await repo.save(thread('b2', 'other'));
    expect((await readdir(dir)).sort()).toEqual(['a1.json', 'b2.json']);
    const { threads, quarantined } = await new FileThreadRepository(dir, silentLogger).loadAll();
    expect(quarantined).toEqual([]);
    expect(threads.sort((x, y) => x.id.localeCompare(y.id))).toEqual([thread('a1'), thread('b2', 'other')]);
  });

  test('a second save replaces the file and leaves no temp file behind', async () => {
    const repo = new FileThreadRepository(dir, silentLogger);
    await repo.save(thread('a1', 'first'));
    await repo.save(thread('a1', 'second'));
    expect(await readdir(dir)).toEqual(['a1.json']);
    expect(JSON.parse(await readFile(join(dir, 'a1.json'), 'utf8')).messages[0].content).toBe('second');
  });

  test.each([
    ['not JSON', '{"version": 1, "id": ', 'not valid JSON'],
    ['a wrong version', JSON.stringify({ ...thread('bad'), version: 2 }), 'version'],
    [
      'a seq gap',
      JSON.stringify({ ...thread('bad'), messages: [{ ...thread('bad').messages[1], seq: 1 }] }),
      'messages[0].seq',
    ],
    ['a streaming message', JSON.stringify(withStatus(thread('bad'), 'streaming')), 'streaming'],
    ['an unknown speaker', JSON.stringify({ ...thread('bad'), participants: ['gpt'] }), 'not a participant'],
    ['a name that is not its id', JSON.stringify(thread('other-id')), 'does not match'],
  ])(
    'a file with %s is renamed *.corrupt-<timestamp>.json, reported, and the rest still loads',
    async (_name, text, reason) => {
      await writeFile(join(dir, 'bad.json'), text);
      const good = new FileThreadRepository(dir, silentLogger);
      await good.save(thread('good'));
      const warnings: string[] = [];
      const logger: Logger = { ...silentLogger, warn: (m) => warnings.push(m) };
      const { threads, quarantined } = await new FileThreadRepository(dir, logger, fixedNow).loadAll();
      expect(threads.map((t) => t.id)).toEqual(['good']);
      expect(quarantined).toHaveLength(1);
      expect(quarantined[0]).toMatchObject({ file: 'bad.json', movedTo: 'bad.corrupt-2026-03-04T05-06-07-089Z.json' });
      expect(quarantined[0]?.reason).toContain(reason);
      expect(warnings.join('\n')).toContain('bad.json');
      // Nothing is lost: the bytes are kept under the new name, and the next load does not report it again.
      expect(await readFile(join(dir, 'bad.corrupt-2026-03-04T05-06-07-089Z.json'), 'utf8')).toBe(text);
      expect((await new FileThreadRepository(dir, silentLogger).loadAll()).quarantined).toEqual([]);
    },
  );

  test('removes temp files left by an interrupted write and ignores files that are not threads', async () => {
    const repo = new FileThreadRepository(dir, silentLogger);
    await repo.save(thread('a1'));
    await writeFile(join(dir, '.a1.abcdef.tmp'), '{"partial');
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const { threads, quarantined } = await repo.loadAll();
    expect(threads.map((t) => t.id)).toEqual(['a1']);
    expect(quarantined).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['a1.json', 'notes.txt']);
  });

  test('refuses to write an invalid thread or an id that is not a safe file name', async () => {
    const repo = new FileThreadRepository(dir, silentLogger);
    await expect(repo.save(withStatus(thread('a1'), 'streaming'))).rejects.toThrow('streaming');
    await expect(repo.save(thread('../escape'))).rejects.toThrow('unsafe id');
    expect(await readdir(dir)).toEqual([]);
  });

  test('creates the folder on first use', async () => {
    const nested = join(dir, 'deep', 'threads');
    expect(await new FileThreadRepository(nested, silentLogger).loadAll()).toEqual({ threads: [], quarantined: [] });
    await new FileThreadRepository(nested, silentLogger).save(thread('a1'));
    expect(await readdir(nested)).toEqual(['a1.json']);
  });
});

function withStatus(t: Transcript, status: 'streaming'): Transcript {
  return { ...t, messages: t.messages.map((m, i) => (i === 1 ? { ...m, status } : m)) } as Transcript;
}
