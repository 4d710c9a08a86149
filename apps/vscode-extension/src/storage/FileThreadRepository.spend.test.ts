import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Message } from '@roundtable/core';
import { silentLogger } from '@roundtable/core/ports';
import { SPEND_BUCKET_MS } from '@roundtable/core/store/spendRecord';
import { ThreadStore } from '@roundtable/core/store/ThreadStore';
import { FakeClock, RecordingLogger } from '@roundtable/core/testing';
import { describe, expect, test } from 'vitest';
import { countingFs } from '../../test/support/countingFs';
import { saved, thread, useStorageFolder } from '../../test/support/storageFolder';

const folder = useStorageFolder();

/** A thread whose claude reply reached its provider: 100 tokens in, 10 out, ended 10:00:01. */
function spent(id: string) {
  const t = thread(id);
  const reply = t.messages[1] as Message;
  t.messages[1] = { ...reply, usage: { inputTokens: 100, outputTokens: 10 }, timing: { totalMs: 1_000 } };
  return t;
}
const SLOT = Math.floor(Date.parse('2026-03-01T10:00:01.001Z') / SPEND_BUCKET_MS);

const indexPath = () => join(folder.root, 'thread-index.json');
type IndexJson = { threads: { id: string; spend?: unknown }[] };
const readIndex = async () => JSON.parse(await readFile(indexPath(), 'utf8')) as IndexJson;

describe('FileThreadRepository: what the seats spent, in the index', () => {
  test('each entry keeps its thread’s spend record', async () => {
    await saved(folder.repo(), spent('a1'));
    const entry = (await readIndex()).threads.find((t) => t.id === 'a1');
    expect(entry?.spend).toEqual({ claude: [[SLOT, 1, 100, 10]] });
  });

  test('an index an older build wrote (no records) is read as it is, without reading a thread', async () => {
    const writer = folder.repo();
    await saved(writer, spent('a1'));
    await saved(writer, spent('b2'));
    const index = await readIndex();
    for (const entry of index.threads) delete entry.spend;
    await writeFile(indexPath(), JSON.stringify(index));
    const counting = countingFs();
    const list = await folder.repo({ fs: counting.fs }).list();
    expect(list.threads.map((t) => [t.id, t.spend])).toEqual([
      ['a1', undefined],
      ['b2', undefined],
    ]);
    expect(counting.reads.filter((name) => name.endsWith('.json') && name !== 'thread-index.json')).toEqual([]);
  });

  test('a record that cannot be read costs nothing when the list is read: the entries stay as they are, no rebuild', async () => {
    const writer = folder.repo();
    await saved(writer, spent('a1'));
    await saved(writer, spent('b2'));
    const index = await readIndex();
    const bad = index.threads.find((t) => t.id === 'a1');
    if (bad) bad.spend = { claude: [['soon', 1, 2, 3]] };
    await writeFile(indexPath(), JSON.stringify(index));
    const logger = new RecordingLogger();
    const counting = countingFs();
    const list = await folder.repo({ logger, fs: counting.fs }).list();
    // The list checks only that it is an object; the sums check it whole, and leave it out (SeatSpendingFeed).
    expect(list.threads.map((t) => [t.id, t.spend])).toEqual([
      ['a1', { claude: [['soon', 1, 2, 3]] }],
      ['b2', { claude: [[SLOT, 1, 100, 10]] }],
    ]);
    expect(logger.lines.filter((l) => l.startsWith('warn:'))).toEqual([]);
    // Not rebuilt: no thread file was read.
    expect(counting.reads.filter((name) => name.endsWith('.json') && name !== 'thread-index.json')).toEqual([]);
  });

  test('a spend that is not even an object makes the entry unreadable: the index is rebuilt from the files', async () => {
    const writer = folder.repo();
    await saved(writer, spent('a1'));
    const index = await readIndex();
    const bad = index.threads.find((t) => t.id === 'a1') as { spend?: unknown } | undefined;
    if (bad) bad.spend = 'lots';
    await writeFile(indexPath(), JSON.stringify(index));
    const counting = countingFs();
    const list = await folder.repo({ fs: counting.fs }).list();
    expect(list.threads.map((t) => [t.id, t.spend])).toEqual([['a1', { claude: [[SLOT, 1, 100, 10]] }]]);
    expect(counting.reads).toContain('a1.json');
  });

  test('a reply that ends in a store over real files reaches the index on disk', async () => {
    const repository = folder.repo();
    await saved(repository, thread('t1'));
    const clock = new FakeClock(Date.parse('2026-03-01T11:00:00.000Z'));
    const store = new ThreadStore({ repository, clock, ids: { next: () => 'r1' }, logger: silentLogger });
    try {
      const opened = await store.open('t1');
      if (!opened.ok) throw new Error(opened.reason);
      store.append(
        't1',
        { id: 'r1', role: 'assistant', speaker: 'claude', content: 'hi', status: 'streaming' },
        'normal',
      );
      clock.advance(2_000);
      store.update(
        't1',
        'r1',
        (m) => ({ ...m, status: 'complete', usage: { inputTokens: 7, outputTokens: 3 }, timing: { totalMs: 2_000 } }),
        'urgent',
      );
      await store.flush();
      const entry = (await readIndex()).threads.find((t) => t.id === 't1');
      expect(entry?.spend).toEqual({
        claude: [[Math.floor(Date.parse('2026-03-01T11:00:02.000Z') / SPEND_BUCKET_MS), 1, 7, 3]],
      });
      opened.lease.dispose();
    } finally {
      store.dispose();
    }
  });
});
