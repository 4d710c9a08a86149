import { afterEach, describe, expect, test, vi } from 'vitest';
import { Emitter } from '../base/event';
import { Orchestrator } from '../orchestrator/Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../orchestrator/settings';
import type { ParticipantConfig } from '../participants/participant';
import { silentLogger } from '../ports';
import {
  type HostToWebview,
  HostToWebview as HostToWebviewSchema,
  type SidecarStatus,
  viewSignal,
  webviewIntent,
} from '../protocol/messages';
import { FakeClock, MemoryThreadRepository, MemoryThreadStorage, ScriptedChat } from '../testing';
import type { Message, Transcript } from '../transcript/schema';
import { ChatViewController, type HostActions } from './ChatViewController';

const claude: ParticipantConfig = { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true };

const disposables: { dispose(): void }[] = [];
afterEach(() => {
  for (const d of disposables.splice(0).reverse()) d.dispose();
});

function storedThread(id: string, messages: number, updatedAt = '2026-02-01T00:00:00.000Z'): Transcript {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  return {
    version: 2,
    id,
    title: `thread ${id}`,
    createdAt: new Date(base).toISOString(),
    updatedAt,
    participants: ['claude'],
    messages: Array.from(
      { length: messages },
      (_, i): Message => ({
        id: `${id}-m${i}`,
        seq: i,
        role: i % 2 === 0 ? 'user' : 'assistant',
        speaker: i % 2 === 0 ? 'user' : 'claude',
        content: i === 0 ? `thread ${id}` : `message ${i}`,
        status: 'complete',
        createdAt: new Date(base + i).toISOString(),
      }),
    ),
  };
}

function setup(stored: Transcript[] = [], storage = new MemoryThreadStorage()) {
  const repository = new MemoryThreadRepository(stored, storage);
  const chat = new ScriptedChat();
  const clock = new FakeClock();
  let n = 0;
  const orchestrator = new Orchestrator({
    repository,
    chat: chat.backend,
    clock,
    ids: { next: () => `id-${++n}` },
    logger: silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude] },
  });
  disposables.push(orchestrator);
  const sidecarEmitter = new Emitter<SidecarStatus>();
  const sidecar = { current: { ok: true, detail: 'fine' } as SidecarStatus, onDidChange: sidecarEmitter.event };
  const opened: string[] = [];
  const host: HostActions = {
    openLink: async (url) => {
      opened.push(url);
      return { ok: true };
    },
    reveal: async (key) => (key === 'missing' ? { ok: false, reason: 'No file for that thread.' } : { ok: true }),
  };
  const logs: string[] = [];
  const view = () => {
    const posted: HostToWebview[] = [];
    const controller = new ChatViewController(
      {
        orchestrator,
        sidecar,
        host,
        logger: { ...silentLogger, warn: (m) => logs.push(m), info: (m) => logs.push(m) },
      },
      (message) => {
        // Whatever the host posts must pass the webview's own validation, in sequence.
        expect(HostToWebviewSchema.safeParse(message).success).toBe(true);
        const previous = posted.at(-1);
        if (previous && message.type !== 'view/state') expect(message.seq).toBe(previous.seq + 1);
        posted.push(message);
      },
    );
    disposables.push(controller);
    let r = 0;
    const intent = async <T extends Parameters<typeof webviewIntent>[0]>(
      type: T,
      payload: Parameters<typeof webviewIntent<T>>[2],
    ) => {
      const requestId = `r${++r}`;
      await controller.receive(webviewIntent(type, requestId, payload));
      const done = posted.find((m) => m.type === 'request/done' && m.payload.requestId === requestId);
      return done?.type === 'request/done' ? done.payload : undefined;
    };
    const ready = () => controller.receive(viewSignal('view/ready'));
    const lastState = () => {
      const state = posted.filter((m) => m.type === 'view/state').at(-1);
      if (state?.type !== 'view/state') throw new Error('no state');
      return state.payload;
    };
    return { controller, posted, intent, ready, lastState, types: () => posted.map((m) => m.type) };
  };
  return { orchestrator, repository, chat, clock, sidecarEmitter, sidecar, opened, logs, view };
}

describe('ChatViewController: handshake and first state', () => {
  test('posts nothing before view/ready, then one full state of the newest thread, reading only that thread', async () => {
    const threads = Array.from({ length: 50 }, (_, i) =>
      storedThread(`t${i}`, 3, `2026-02-${String((i % 28) + 1).padStart(2, '0')}T00:00:${String(i).padStart(2, '0')}Z`),
    );
    const { view, repository } = setup(threads);
    const v = view();
    expect(v.posted).toEqual([]);
    await v.ready();
    expect(v.types()).toEqual(['view/state']);
    const state = v.lastState();
    const newest = [...threads].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    expect(state.thread.id).toBe(newest?.id);
    expect(state.thread.messages).toHaveLength(3);
    expect(state.threads).toHaveLength(50);
    expect(repository.loads).toEqual([newest?.id]);
  });

  test('with nothing stored, shows a new empty thread', async () => {
    const { view } = setup();
    const v = view();
    await v.ready();
    expect(v.lastState().thread).toMatchObject({ title: 'New thread', messages: [], busy: false });
    expect(v.lastState().threads).toEqual([]);
  });

  test('drops invalid messages with a log line, and posts nothing while hidden', async () => {
    const { view, logs, sidecarEmitter } = setup();
    const v = view();
    await v.controller.receive({ v: 2, type: 'chat/send', requestId: 'x', payload: { text: 1 } });
    expect(logs.some((l) => l.includes('dropped invalid message (type "chat/send")'))).toBe(true);
    await v.ready();
    v.controller.markHidden();
    sidecarEmitter.fire({ ok: false, detail: 'down' });
    expect(v.types()).toEqual(['view/state']);
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
    expect(kinds.filter((k) => k !== 'threads/changed')).toEqual([
      'view/state',
      'message/added',
      'message/added',
      'request/done',
      'patched:append',
      'patched:status',
    ]);
    expect(v.types().filter((t) => t === 'view/state')).toHaveLength(1);
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

describe('ChatViewController: threads', () => {
  test('opening another thread posts exactly one full state', async () => {
    const { view } = setup([
      storedThread('a', 2, '2026-02-01T00:00:00Z'),
      storedThread('b', 4, '2026-02-02T00:00:00Z'),
    ]);
    const v = view();
    await v.ready();
    expect(v.lastState().thread.id).toBe('b');
    const before = v.posted.length;
    expect(await v.intent('thread/open', { threadId: 'a' })).toMatchObject({ ok: true });
    expect(v.posted.slice(before).map((m) => m.type)).toEqual(['view/state', 'request/done']);
    expect(v.lastState().thread.messages).toHaveLength(2);
  });

  test('a reply keeps streaming after the view switches away, and is complete when it comes back', async () => {
    const { view, chat, orchestrator } = setup([storedThread('other', 2)]);
    const v = view();
    await v.ready();
    await v.intent('thread/new', {});
    const threadId = v.lastState().thread.id;
    await v.intent('chat/send', { threadId, text: 'long question' });
    const call = await chat.call(0);
    await v.intent('thread/open', { threadId: 'other' });
    const entry = v.lastState().threads.find((t) => t.id === threadId);
    expect(entry?.busy).toBe(true);
    const patchesWhileAway = v.posted.length;
    call.emit({ type: 'delta', text: 'still streaming' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    // Away, the view hears only about the list entry, never the other thread's messages.
    expect(v.posted.slice(patchesWhileAway).every((m) => m.type === 'threads/changed')).toBe(true);
    expect(call.signal.aborted).toBe(false);
    await v.intent('thread/open', { threadId });
    expect(v.lastState().thread.messages.map((m) => [m.status, m.content])).toEqual([
      ['complete', 'long question'],
      ['complete', 'still streaming'],
    ]);
  });

  test('two views each show their own thread; Stop in one acts on its own thread only', async () => {
    const { view, chat, orchestrator } = setup([
      storedThread('a', 2, '2026-02-01T00:00:00Z'),
      storedThread('b', 2, '2026-02-02T00:00:00Z'),
    ]);
    const sidebar = view();
    const panel = view();
    await sidebar.ready();
    await panel.ready();
    await panel.intent('thread/open', { threadId: 'a' });
    await sidebar.intent('chat/send', { threadId: 'b', text: 'in b' });
    await panel.intent('chat/send', { threadId: 'a', text: 'in a' });
    await chat.call(1);
    expect(await panel.intent('chat/stop', { threadId: 'b' })).toMatchObject({ ok: false });
    await panel.intent('chat/stop', { threadId: 'a' });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy('a')).toBe(false));
    expect(orchestrator.runner.isBusy('b')).toBe(true);
    const addedIn = (v: ReturnType<typeof view>) =>
      v.posted.flatMap((m) => (m.type === 'message/added' ? [m.threadId] : []));
    expect(new Set(addedIn(sidebar))).toEqual(new Set(['b']));
    expect(new Set(addedIn(panel))).toEqual(new Set(['a']));
  });

  test('an intent about a thread the view no longer shows is refused, not carried out elsewhere', async () => {
    const { view } = setup([storedThread('a', 2)]);
    const v = view();
    await v.ready();
    await v.intent('thread/new', {});
    expect(await v.intent('chat/send', { threadId: 'a', text: 'late' })).toEqual({
      requestId: expect.any(String),
      ok: false,
      reason: 'This view shows another thread now. Try again there.',
    });
  });

  test('when another window deletes the shown thread, the view says so and moves to another thread', async () => {
    const storage = new MemoryThreadStorage();
    const { view } = setup(
      [storedThread('a', 2, '2026-02-01T00:00:00Z'), storedThread('b', 2, '2026-02-02T00:00:00Z')],
      storage,
    );
    const v = view();
    await v.ready();
    expect(v.lastState().thread.id).toBe('b');
    await new MemoryThreadRepository([], storage).delete('b');
    await vi.waitFor(() => expect(v.lastState().thread.id).toBe('a'));
    const types = v.types();
    expect(types.indexOf('threads/removed')).toBeLessThan(types.lastIndexOf('view/state'));
  });
});

describe('ChatViewController: storage problems and host actions', () => {
  test('a failed save is pushed to the view with its reason; Retry answers with what happened', async () => {
    const { view, repository, chat, orchestrator } = setup();
    const v = view();
    await v.ready();
    const threadId = v.lastState().thread.id;
    repository.failNextSave = new Error('ENOSPC: no space left on device');
    await v.intent('chat/send', { threadId, text: 'keep me' });
    await chat.reply(0, 'ok');
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    await orchestrator.store.flush();
    const storage = v.posted.filter((m) => m.type === 'storage/changed');
    expect(storage.at(0)?.payload).toEqual({
      saveProblems: [{ threadId, title: 'keep me', reason: 'ENOSPC: no space left on device' }],
    });
    expect(await v.intent('storage/retry', { threadId })).toMatchObject({ ok: true });
    expect(v.posted.filter((m) => m.type === 'storage/changed').at(-1)?.payload).toEqual({ saveProblems: [] });
  });

  test('links and reveal go to the host, and their refusals come back as the result', async () => {
    const { view, opened } = setup();
    const v = view();
    await v.ready();
    expect(await v.intent('link/open', { url: 'https://example.com' })).toMatchObject({ ok: true });
    expect(opened).toEqual(['https://example.com']);
    expect(await v.intent('storage/reveal', { threadId: 'missing' })).toMatchObject({
      ok: false,
      reason: 'No file for that thread.',
    });
  });

  test('the sidecar status and the table are pushed as they change', async () => {
    const { view, sidecarEmitter, orchestrator } = setup();
    const v = view();
    await v.ready();
    sidecarEmitter.fire({ ok: false, detail: 'Proxy down' });
    orchestrator.table.update({ ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, { ...claude, id: 'gpt' }] });
    expect(v.posted.slice(1).map((m) => m.type)).toEqual(['sidecar/changed', 'table/changed']);
  });
});
