import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { FakeClock, MemoryThreadRepository, RecordingLogger } from '../testing';
import type { Message, Transcript } from '../transcript/schema';
import type { StoredThreadList } from './ports';
import { fillStoreSpend } from './spendFill';
import { SPEND_BUCKET_MS } from './spendRecord';
import { ThreadStore } from './ThreadStore';

ensureNoDisposablesAreLeaked();

const disposables: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of disposables.splice(0).reverse()) d.dispose();
});

const NOW = Date.parse('2026-01-02T12:00:00.000Z');
const slot = (ms: number) => Math.floor(ms / SPEND_BUCKET_MS);

/** A stored thread with one claude reply that ended `hoursAgo` before NOW (100 tokens in, 10 out). */
function thread(id: string, hoursAgo: number): Transcript {
  const at = new Date(NOW - hoursAgo * 3_600_000).toISOString();
  const message = (i: number, m: Partial<Message>): Message => ({
    id: `${id}-${i}`,
    seq: i,
    role: 'user',
    speaker: 'user',
    content: 'q',
    status: 'complete',
    createdAt: at,
    ...m,
  });
  return {
    version: 7,
    id,
    title: id,
    createdAt: at,
    updatedAt: at,
    participants: ['claude'],
    messages: [
      message(0, {}),
      message(1, {
        role: 'assistant',
        speaker: 'claude',
        usage: { inputTokens: 100, outputTokens: 10 },
        timing: { totalMs: 0 },
      }),
    ],
  };
}

/** A repository whose list is an index an older build wrote: no spend records. */
class OlderIndexRepository extends MemoryThreadRepository {
  override async list(): Promise<StoredThreadList> {
    const list = await super.list();
    return { ...list, threads: list.threads.map(({ spend: _s, ...summary }) => summary) };
  }
}

function storeOver(repository: MemoryThreadRepository, logger = new RecordingLogger()) {
  disposables.push(repository);
  const store = new ThreadStore({ repository, clock: new FakeClock(NOW), ids: { next: () => 'x' }, logger });
  disposables.push(store);
  return store;
}

describe('ThreadStore: what its threads spent', () => {
  test('each listed thread gives its spend record once, from the index, without reading the thread', async () => {
    const repository = new MemoryThreadRepository([thread('a', 1), thread('b', 2)]);
    const store = storeOver(repository);
    await store.initialize();
    const records = [...store.catalog.spendByThread()].map(([, r]) => r);
    expect(records).toHaveLength(2);
    expect(records.flatMap((r) => r.claude ?? []).map((b) => b[0])).toEqual(
      expect.arrayContaining([slot(NOW - 3_600_000), slot(NOW - 7_200_000)]),
    );
    expect(repository.loads).toEqual([]);
  });

  test('a reply that ends updates its thread’s record at once, and the stored index entry once written', async () => {
    const repository = new MemoryThreadRepository([thread('a', 1)]);
    const store = storeOver(repository);
    const opened = await store.open('a');
    if (!opened.ok) throw new Error(opened.reason);
    disposables.push(opened.lease);
    const draft = { id: 'r', role: 'assistant', speaker: 'claude', content: 'hi', status: 'streaming' } as const;
    store.append('a', draft, 'normal');
    // Streaming: not a request yet.
    expect([...store.catalog.spendByThread()].map(([, r]) => r)[0]?.claude).toHaveLength(1);
    store.update(
      'a',
      'r',
      (m) => ({ ...m, status: 'complete', usage: { inputTokens: 7, outputTokens: 3 }, timing: { totalMs: 500 } }),
      'urgent',
    );
    const buckets = [...store.catalog.spendByThread()].map(([, r]) => r)[0]?.claude;
    expect(buckets?.at(-1)).toEqual([slot(NOW), 1, 7, 3]);
    await store.flush();
    const listed = (await repository.list()).threads.find((t) => t.id === 'a');
    expect(listed?.spend?.claude?.at(-1)).toEqual([slot(NOW), 1, 7, 3]);
  });

  test('an older index without records stays readable: only threads changed in the last 30 hours are read', async () => {
    const logger = new RecordingLogger();
    const repository = new OlderIndexRepository([thread('recent', 2), thread('day', 29), thread('old', 40)]);
    const store = storeOver(repository, logger);
    await store.initialize();
    expect(store.catalog.list().map((s) => s.id)).toEqual(['recent', 'day', 'old']);
    expect([...store.catalog.spendByThread()].map(([, r]) => r)).toEqual([]);
    expect(await fillStoreSpend(store, NOW, logger)).toBe(2);
    expect(repository.loads.sort()).toEqual(['day', 'recent']);
    expect([...store.catalog.spendByThread()].map(([, r]) => r)).toHaveLength(2);
    // Once per store.
    expect(await fillStoreSpend(store, NOW, logger)).toBe(2);
    expect(repository.loads).toHaveLength(2);
  });

  test('a thread that cannot be read while filling is left out and logged; the others are still filled', async () => {
    const logger = new RecordingLogger();
    const repository = new OlderIndexRepository([thread('a', 1), thread('b', 2)]);
    const load = repository.load.bind(repository);
    repository.load = async (id) => {
      if (id === 'a') throw new Error('disk on fire');
      return load(id);
    };
    const store = storeOver(repository, logger);
    expect(await fillStoreSpend(store, NOW, logger)).toBe(1);
    expect([...store.catalog.spendByThread()].map(([, r]) => r)).toHaveLength(1);
    expect(logger.lines.join('\n')).toMatch(/thread a .*disk on fire/);
  });
});
