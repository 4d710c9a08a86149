import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { silentLogger } from '../ports';
import { FakeClock, MemoryThreadRepository } from '../testing';
import type { ThreadSummary, Transcript } from '../transcript/schema';
import type { FirstStoredThreads, StoredThreadList } from './ports';
import { type ThreadChange, ThreadStore } from './ThreadStore';

// A repository that gives the newest threads first and the rest later (a long list, or an index being rebuilt):
// the store starts from the first part, fills the rest in with one announcement, and never calls a thread gone
// because it was not in the first part.

ensureNoDisposablesAreLeaked();
const disposables: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of disposables.splice(0).reverse()) d.dispose();
});

function stored(id: string, minute: number): Transcript {
  const at = new Date(Date.parse('2026-02-01T00:00:00Z') + minute * 60_000).toISOString();
  return {
    version: 7,
    id,
    title: id,
    createdAt: at,
    updatedAt: at,
    participants: ['claude'],
    messages: [
      { id: `${id}-0`, seq: 0, role: 'user', speaker: 'user', content: id, status: 'complete', createdAt: at },
    ],
  };
}

/** A memory repository whose `listFirst` holds back all but the newest `first` threads until `release`. */
class InPartsRepository extends MemoryThreadRepository {
  release: (() => void) | undefined;

  constructor(
    threads: Transcript[],
    private readonly first: number,
  ) {
    super(threads);
  }

  async listFirst(): Promise<FirstStoredThreads> {
    const all = await this.list();
    const byNewest = (a: ThreadSummary, b: ThreadSummary) => b.updatedAt.localeCompare(a.updatedAt);
    const rest = new Promise<StoredThreadList>((resolve) => (this.release = () => resolve(all)));
    return { threads: [...all.threads].sort(byNewest).slice(0, this.first), unreadable: [], rest };
  }
}

function setup(count: number, first: number) {
  const repository = new InPartsRepository(
    Array.from({ length: count }, (_, i) => stored(`t${i}`, i)),
    first,
  );
  const store = new ThreadStore({
    repository,
    clock: new FakeClock(),
    ids: { next: () => 'new' },
    logger: silentLogger,
  });
  const changes: ThreadChange[] = [];
  disposables.push(
    repository,
    store,
    store.onDidChange((c) => changes.push(c)),
  );
  return { repository, store, changes };
}

describe('ThreadStore: a list read in parts', () => {
  test('starts from the newest part, then fills the rest in with one announcement', async () => {
    const { repository, store, changes } = setup(30, 5);
    await store.initialize();
    expect(store.catalog.newest()?.id).toBe('t29');
    expect(store.catalog.list()).toHaveLength(5);
    let complete = false;
    const completed = store.listComplete().then(() => (complete = true));
    await Promise.resolve();
    expect(complete).toBe(false);
    repository.release?.();
    await completed;
    expect(store.catalog.list().map((s) => s.id)).toEqual(Array.from({ length: 30 }, (_, i) => `t${29 - i}`));
    expect(changes).toEqual([{ kind: 'listFilled' }]);
  });

  test('opening a thread of the part still being read waits for it instead of calling it gone', async () => {
    const { repository, store } = setup(30, 5);
    await store.initialize();
    const opening = store.open('t0');
    repository.release?.();
    const opened = await opening;
    expect(opened.ok).toBe(true);
    if (opened.ok) opened.lease.dispose();
    expect((await store.open('nowhere')).ok).toBe(false);
  });
});
