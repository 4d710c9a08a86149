import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup, storedThread } from '../../test/support/viewSetup';

ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

describe('ChatViewController: handshake and first state', () => {
  test('posts nothing before view/ready, then the newest thread’s shell and the list, then its full state, reading only that thread', async () => {
    const threads = Array.from({ length: 50 }, (_, i) =>
      storedThread(`t${i}`, 3, `2026-02-${String((i % 28) + 1).padStart(2, '0')}T00:00:${String(i).padStart(2, '0')}Z`),
    );
    const { view, repository } = setup(threads);
    const v = view();
    expect(v.posted).toEqual([]);
    await v.ready();
    expect(v.types()).toEqual(['view/state', 'threads/listed', 'view/state']);
    const newest = [...threads].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    const [shell] = v.posted;
    expect(shell?.type === 'view/state' && shell.payload.thread).toEqual({
      id: newest?.id,
      title: `thread ${newest?.id}`,
      createdAt: newest?.updatedAt,
      updatedAt: newest?.updatedAt,
      busy: false,
      messages: [],
      mode: 'discuss',
      plans: [],
      opening: true,
    });
    const state = v.lastState();
    expect(state.thread.id).toBe(newest?.id);
    expect(state.thread.opening).toBeUndefined();
    expect(state.thread.messages).toHaveLength(3);
    expect(v.lastList().entries).toHaveLength(50);
    expect(repository.loads).toEqual([newest?.id]);
  });

  test('the first state waits for the list, never for the thread: one still being read goes out as its shell', async () => {
    const { view, repository } = setup([storedThread('slow', 4)]);
    const readIt = repository.holdLoads();
    const v = view();
    const ready = v.ready();
    await vi.waitFor(() => expect(v.types()).toEqual(['view/state', 'threads/listed']));
    expect(v.lastState().thread).toMatchObject({ id: 'slow', title: 'thread slow', messages: [], opening: true });
    // A message sent meanwhile waits for the thread, then goes to it.
    const sent = v.intent('chat/send', { threadId: 'slow', text: 'while it opens' });
    readIt();
    await ready;
    expect(await sent).toEqual({ requestId: 'r1', ok: true });
    const full = v.posted.filter((m) => m.type === 'view/state').at(1);
    expect(full?.type === 'view/state' && full.payload.thread.messages).toHaveLength(4);
    expect(v.posted.filter((m) => m.type === 'message/added')[0]).toMatchObject({
      payload: { message: { content: 'while it opens' }, index: 4 },
    });
  });

  test('a thread that cannot be read gives way to a new one, shown in its place once known', async () => {
    const { view, repository } = setup([storedThread('gone', 2)]);
    const readIt = repository.holdLoads();
    const v = view();
    const ready = v.ready();
    await vi.waitFor(() => expect(v.types()).toEqual(['view/state', 'threads/listed']));
    repository.storage.files.delete('gone'); // listed, but deleted before it is read
    readIt();
    await ready;
    const states = v.posted.filter((m) => m.type === 'view/state');
    expect(states.map((m) => m.threadId)).toEqual(['gone', v.lastState().thread.id]);
    expect(v.lastState().thread).toMatchObject({ title: 'New thread', messages: [] });
    expect(v.lastState().thread.id).not.toBe('gone');
  });

  test('the list travels on its own: a page of the newest threads after the first state, none with a switch', async () => {
    const at = (i: number) => new Date(Date.parse('2026-02-01T00:00:00Z') + i * 60_000).toISOString();
    const threads = Array.from({ length: 120 }, (_, i) => storedThread(`t${i}`, 2, at(i)));
    const { view } = setup(threads);
    const v = view();
    await v.ready();
    const page = v.lastList();
    expect(page.total).toBe(120);
    expect(page.entries.map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, i) => `t${119 - i}`));
    const before = v.posted.length;
    await v.intent('thread/open', { threadId: 't3' });
    expect(v.posted.slice(before).map((m) => m.type)).toEqual(['view/state', 'request/done']);
    expect((await v.controller.threads()).entries).toHaveLength(120);
  });

  test('with nothing stored, shows a new empty thread', async () => {
    const { view } = setup();
    const v = view();
    await v.ready();
    expect(v.lastState().thread).toMatchObject({ title: 'New thread', messages: [], busy: false });
    expect(v.lastList()).toEqual({ entries: [], total: 0 });
  });

  test('drops invalid messages with a log line, and posts nothing while hidden', async () => {
    const { view, logs, sidecarEmitter } = setup();
    const v = view();
    await v.controller.receive({ v: 2, type: 'chat/send', requestId: 'x', payload: { text: 1 } });
    expect(logs.some((l) => l.includes('dropped invalid message (type "chat/send")'))).toBe(true);
    await v.ready();
    v.controller.markHidden();
    sidecarEmitter.fire({ state: 'unhealthy', detail: 'down' });
    expect(v.types()).toEqual(['view/state', 'threads/listed', 'view/state']);
  });
});

describe('ChatViewController: a turn as patches', () => {
  test('a send becomes small patches: added, appended text, status; the result; the list entry', async () => {
    const { view, chat, clock } = setup();
    const v = view();
    await v.ready();
    const threadId = v.lastState().thread.id;
    expect(await v.intent('chat/send', { threadId, text: 'hello' })).toEqual({ requestId: 'r1', ok: true });
    const call = await chat.call(0);
    call.emit({ type: 'delta', text: 'Hi' });
    await vi.waitFor(() => expect(call.queued).toBe(0));
    clock.advance(50);
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await vi.waitFor(() =>
      expect(v.posted.some((m) => m.type === 'message/patched' && m.payload.status === 'complete')).toBe(true),
    );
    const kinds = v.posted.map((m) =>
      m.type === 'message/patched'
        ? `patched:${Object.keys(m.payload)
            .filter((k) => k !== 'messageId')
            .join('+')}`
        : m.type,
    );
    // The request is answered once the message and its plan are stored; the turn's loop loads and starts meanwhile.
    expect(kinds.indexOf('request/done')).toBeGreaterThan(kinds.indexOf('plan/added'));
    // What each seat spent changes as the reply ends (its own test: ChatViewController.spending.test.ts).
    const aside = ['threads/changed', 'request/done', 'spending/changed'];
    expect(kinds.filter((k) => !aside.includes(k))).toEqual([
      'view/state',
      'threads/listed',
      'view/state',
      'message/added',
      'plan/added',
      'turn/changed',
      'message/added',
      'patched:append',
      'patched:status+usage+timing',
      'turn/changed',
    ]);
    // The new thread's shell and its state once created; nothing of the turn is a full state.
    expect(v.types().filter((t) => t === 'view/state')).toHaveLength(2);
    const busy = v.posted.flatMap((m) => (m.type === 'threads/changed' ? [m.payload.entry.busy] : []));
    expect(busy).toContain(true);
    expect(busy.at(-1)).toBe(false);
  });

  test('the bytes posted per streamed delta do not depend on the thread’s length', async () => {
    const bytesPerDelta = async (length: number) => {
      const { view, chat, clock } = setup([storedThread('long', length)]);
      const v = view();
      await v.ready();
      await v.intent('chat/send', { threadId: 'long', text: 'go on' });
      const call = await chat.call(0);
      const before = v.posted.length;
      call.emit({ type: 'delta', text: 'twenty characters!!!' });
      await vi.waitFor(() => expect(call.queued).toBe(0));
      clock.advance(50);
      const delta = v.posted.slice(before);
      expect(delta.map((m) => m.type)).toEqual(['message/patched']);
      return JSON.stringify(delta[0]).length;
    };
    const short = await bytesPerDelta(10);
    const long = await bytesPerDelta(1_000);
    expect(long).toBe(short);
    expect(short).toBeLessThan(200);
  });
});

// A view can go (its panel closed) while it is still opening a thread. Whatever it opens after that must be let go
// at once, or the thread stays in memory for the rest of the session: the leak check above fails the test if not.
describe('ChatViewController: disposed while opening a thread', () => {
  test('before its first thread is open: the thread is released and nothing is posted', async () => {
    const { view, orchestrator } = setup([storedThread('a', 2)]);
    const v = view();
    const ready = v.ready();
    v.controller.dispose();
    await ready;
    expect(v.posted).toEqual([]);
    await vi.waitFor(() => expect(orchestrator.store.isLoaded('a')).toBe(false));
  });

  test('with nothing stored: no new thread is kept for it', async () => {
    const { view, orchestrator } = setup();
    const v = view();
    const ready = v.ready();
    v.controller.dispose();
    await ready;
    expect(v.posted).toEqual([]);
    expect((await v.controller.threads()).shown).toBeUndefined();
    expect(orchestrator.store.catalog.list()).toEqual([]);
  });

  test('while switching to another thread: the thread it was opening is released', async () => {
    const { view, orchestrator } = setup([storedThread('a', 2), storedThread('b', 2, '2026-03-01T00:00:00.000Z')]);
    const v = view();
    await v.ready();
    expect(v.lastState().thread.id).toBe('b');
    const opening = v.controller.openThread('a');
    v.controller.dispose();
    await opening;
    await vi.waitFor(() => expect(orchestrator.store.isLoaded('a') || orchestrator.store.isLoaded('b')).toBe(false));
  });
});
