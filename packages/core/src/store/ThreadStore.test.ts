import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { silentLogger } from '../ports';
import { FakeClock, MemoryThreadRepository, MemoryThreadStorage } from '../testing';
import type { Message, Transcript } from '../transcript/schema';
import { type ThreadChange, ThreadStore } from './ThreadStore';

const own = ensureNoDisposablesAreLeaked();

const disposables: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of disposables.splice(0).reverse()) d.dispose();
});

/** One window: a store over its own repository of a shared storage. */
function window(storage: MemoryThreadStorage, name: string, clock = new FakeClock()) {
  const repository = new MemoryThreadRepository([], storage);
  disposables.push(repository);
  let n = 0;
  const store = new ThreadStore({ repository, clock, ids: { next: () => `${name}-${++n}` }, logger: silentLogger });
  disposables.push(store);
  const changes: ThreadChange[] = [];
  disposables.push(store.onDidChange((c) => changes.push(c)));
  const say = (threadId: string, text: string): Message | undefined =>
    store.append(
      threadId,
      { id: `${name}-${++n}`, role: 'user', speaker: 'user', content: text, status: 'complete' },
      'urgent',
    );
  const texts = (threadId: string) => store.transcript(threadId)?.messages.map((m) => m.content) ?? [];
  /** Opens a thread and holds it until the test ends, as a view showing it would. */
  const open = async (threadId: string) => {
    const opened = await store.open(threadId);
    if (opened.ok) disposables.push(opened.lease);
    return opened;
  };
  /** A new thread, held until the test ends. */
  const create = async (participants: string[] = []) => {
    const lease = await store.create(participants);
    disposables.push(lease);
    return lease;
  };
  return { repository, store, changes, say, texts, clock, open, create };
}

function stored(id: string, texts: string[]): Transcript {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    version: 7,
    id,
    title: texts[0] ?? 'New thread',
    createdAt: at(0),
    updatedAt: at(texts.length),
    participants: [],
    messages: texts.map((content, i) => ({
      id: `${id}-${i}`,
      seq: i,
      role: 'user',
      speaker: 'user',
      content,
      status: 'complete',
      createdAt: at(i),
    })),
  };
}

describe('ThreadStore: memory follows open threads', () => {
  test('loads a thread when it is opened, shares it, and drops it when the last lease goes', async () => {
    const storage = new MemoryThreadStorage();
    const seed = own.add(new MemoryThreadRepository([stored('a', ['one']), stored('b', ['two'])], storage));
    const { store, repository } = window(storage, 'w');
    expect(seed.loads).toEqual([]);
    await store.initialize();
    expect(store.catalog.list().map((s) => s.id)).toEqual(['a', 'b']);
    expect(repository.loads).toEqual([]);

    const [first, second] = await Promise.all([store.open('a'), store.open('a')]);
    expect(repository.loads).toEqual(['a']);
    if (!first.ok || !second.ok) throw new Error('not opened');
    first.lease.dispose();
    expect(store.isLoaded('a')).toBe(true);
    second.lease.dispose();
    await vi.waitFor(() => expect(store.isLoaded('a')).toBe(false));
    expect(store.isLoaded('b')).toBe(false);
  });

  test('a new thread is neither listed nor written until it has a message', async () => {
    const { store, repository, say, clock, create } = window(new MemoryThreadStorage(), 'w');
    await store.initialize();
    const lease = await create(['claude']);
    expect(store.catalog.list()).toEqual([]);
    await store.flush();
    expect(repository.saves).toEqual([]);
    say(lease.threadId, 'first words');
    expect(store.catalog.list().map((s) => [s.title, s.messageCount])).toEqual([['first words', 1]]);
    clock.advance(20);
    await vi.waitFor(() => expect(repository.stored(lease.threadId)?.messages).toHaveLength(1));
    const blank = await store.create([]);
    blank.dispose();
    expect(store.isLoaded(blank.threadId)).toBe(false);
  });

  test('opening an unknown or unreadable thread is refused with a reason', async () => {
    const storage = new MemoryThreadStorage();
    storage.files.set('bad', { text: '{"version":2}', revision: 'r0' });
    const { store } = window(storage, 'w');
    expect(await store.open('nope')).toEqual({ ok: false, reason: 'That thread no longer exists.' });
    // The memory repository lists every file, even a bad one; loading it tells why it cannot be used.
    store.catalog.list();
    const result = await store.open('bad');
    expect(result.ok).toBe(false);
  });
});

describe('ThreadStore: two windows on one storage', () => {
  test('concurrent appends from both windows all survive, and both converge on one order', async () => {
    const storage = new MemoryThreadStorage();
    const clock = new FakeClock();
    const a = window(storage, 'a', clock);
    const b = window(storage, 'b', clock);
    a.repository.autoDeliver = false;
    b.repository.autoDeliver = false;
    const lease = await a.create();
    const t = lease.threadId;
    a.say(t, 'a1');
    await a.store.flush();
    b.repository.deliver();
    await b.store.initialize();
    await b.store.settled();
    const opened = await b.open(t);
    expect(opened.ok).toBe(true);

    // Same millisecond, both windows, neither has seen the other's message.
    a.say(t, 'a2');
    b.say(t, 'b1');
    await Promise.all([a.store.flush(), b.store.flush()]);
    a.repository.deliver();
    b.repository.deliver();
    await Promise.all([a.store.settled(), b.store.settled()]);
    await Promise.all([a.store.flush(), b.store.flush()]);
    a.repository.deliver();
    b.repository.deliver();
    await Promise.all([a.store.settled(), b.store.settled()]);

    expect(a.texts(t).sort()).toEqual(['a1', 'a2', 'b1']);
    expect(b.texts(t)).toEqual(a.texts(t));
    expect(b.store.transcript(t)).toEqual(a.store.transcript(t));
    const onDisk = own.add(new MemoryThreadRepository([], storage)).stored(t);
    expect(onDisk?.messages.map((m) => m.content)).toEqual(a.texts(t));
  });

  test('a change written by another window reaches this one as small changes, not a reload', async () => {
    const storage = new MemoryThreadStorage();
    own.add(new MemoryThreadRepository([stored('t', ['hello'])], storage));
    const a = window(storage, 'a');
    const b = window(storage, 'b');
    const openedA = await a.open('t');
    const openedB = await b.open('t');
    expect(openedA.ok && openedB.ok).toBe(true);
    b.say('t', 'from b');
    await b.store.flush();
    await a.store.settled();
    const added = a.changes.filter((c) => c.kind === 'messageAdded');
    expect(added).toEqual([
      expect.objectContaining({ threadId: 't', index: 1, message: expect.objectContaining({ content: 'from b' }) }),
    ]);
    expect(a.texts('t')).toEqual(['hello', 'from b']);
  });

  test('a message deleted in one window is deleted in the other (a tombstone wins)', async () => {
    const storage = new MemoryThreadStorage();
    own.add(new MemoryThreadRepository([stored('t', ['keep', 'drop'])], storage));
    const a = window(storage, 'a');
    const b = window(storage, 'b');
    await a.open('t');
    await b.open('t');
    b.store.update('t', 't-1', (m) => ({ ...m, content: '', status: 'deleted' }), 'urgent');
    await b.store.flush();
    await a.store.settled();
    expect(a.store.message('t', 't-1')?.status).toBe('deleted');
    expect(a.changes).toContainEqual(
      expect.objectContaining({ kind: 'messageChanged', patch: { content: '', status: 'deleted' } }),
    );
  });

  test('a thread deleted in one window disappears from the other, and its unsaved writes do not bring it back', async () => {
    const storage = new MemoryThreadStorage();
    own.add(new MemoryThreadRepository([stored('t', ['x']), stored('u', ['y'])], storage));
    const a = window(storage, 'a');
    const b = window(storage, 'b');
    await a.open('t');
    await b.store.initialize();
    a.repository.autoDeliver = false;
    a.say('t', 'unsaved in a');
    await b.store.deleteThread('t');
    await a.store.flush(); // meets the deletion: deletion wins
    expect(a.changes).toContainEqual(expect.objectContaining({ kind: 'threadRemoved', threadId: 't' }));
    expect(a.store.isLoaded('t')).toBe(false);
    expect(own.add(new MemoryThreadRepository([], storage)).stored('t')).toBeUndefined();
    expect(b.store.catalog.list().map((s) => s.id)).toEqual(['u']);
  });

  test('a thread another window created appears in the list', async () => {
    const storage = new MemoryThreadStorage();
    const a = window(storage, 'a');
    const b = window(storage, 'b');
    await a.store.initialize();
    const lease = await b.create();
    b.say(lease.threadId, 'new over there');
    await b.store.flush();
    await a.store.settled();
    expect(a.store.catalog.list().map((s) => s.title)).toEqual(['new over there']);
    expect(a.changes).toContainEqual(expect.objectContaining({ kind: 'summaryChanged', threadId: lease.threadId }));
  });

  test('a stored copy from a newer Roundtable is never overwritten: the save is reported as a problem', async () => {
    const storage = new MemoryThreadStorage();
    own.add(new MemoryThreadRepository([stored('t', ['x'])], storage));
    const a = window(storage, 'a');
    await a.open('t');
    a.repository.save = async () => ({ ok: false, kind: 'refused', reason: 'Written by a newer Roundtable' });
    a.say('t', 'more');
    await a.store.flush();
    expect(a.store.catalog.saveProblems()).toEqual([{ threadId: 't', reason: 'Written by a newer Roundtable' }]);
    expect(a.texts('t')).toEqual(['x', 'more']);
  });
});
