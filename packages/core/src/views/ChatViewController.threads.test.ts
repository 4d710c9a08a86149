import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, setup, storedThread } from '../../test/support/viewSetup';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../orchestrator/settings';
import { MemoryThreadRepository, MemoryThreadStorage } from '../testing';
import type { TurnPlan } from '../transcript/plan';
import type { Message, Transcript } from '../transcript/schema';

const own = ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

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

  test('the host lists the threads and opens one for the thread history command', async () => {
    const { view } = setup([
      storedThread('a', 2, '2026-02-01T00:00:00Z'),
      storedThread('b', 4, '2026-02-02T00:00:00Z'),
    ]);
    const v = view();
    const listed = await v.controller.threads(); // before the page is ready, too
    expect(listed.entries.map((e) => [e.id, e.messageCount])).toEqual([
      ['b', 4],
      ['a', 2],
    ]);
    expect(listed.shown).toBe('b');
    await v.ready();
    const before = v.posted.length;
    expect(await v.controller.openThread('a')).toEqual({ ok: true });
    expect(v.posted.slice(before).map((m) => m.type)).toEqual(['view/state']);
    expect(await v.controller.openThread('a')).toEqual({ ok: true });
    expect(v.posted.slice(before)).toHaveLength(1); // already shown: nothing to send
    expect(await v.controller.openThread('missing')).toMatchObject({ ok: false });
  });

  test('focusing the composer is sent at once to a ready page, or right after the page is ready', async () => {
    const { view } = setup([]);
    const v = view();
    v.controller.focusComposer();
    expect(v.types()).toEqual([]);
    await v.ready();
    // Focused with the first state (the new thread's shell), not when its full state follows.
    expect(v.types()).toEqual(['view/state', 'threads/listed', 'composer/focus', 'view/state']);
    v.controller.focusComposer();
    expect(v.types().slice(-1)).toEqual(['composer/focus']);
    v.controller.markHidden();
    await v.ready();
    // A page that comes back gets the full state at once, and is not focused unasked.
    expect(v.types().slice(-2)).toEqual(['view/state', 'threads/listed']);
    expect(v.lastState().thread.opening).toBeUndefined();
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
    const entry = (await v.controller.threads()).entries.find((t) => t.id === threadId);
    expect(entry?.busy).toBe(true);
    const patchesWhileAway = v.posted.length;
    call.emit({ type: 'delta', text: 'still streaming' });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    // Away, the view hears only about the list entry (and what the seats spent), never the other thread's messages.
    const away = v.posted.slice(patchesWhileAway);
    expect(away.every((m) => m.type === 'threads/changed' || m.type === 'spending/changed')).toBe(true);
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
    await own.add(new MemoryThreadRepository([], storage)).delete('b');
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

  test('the proxy status and the seats’ buttons go to the host', async () => {
    const { view, opened } = setup([], undefined, () => ({ claude: { kind: 'needs-login', provider: 'Claude' } }));
    const v = view();
    await v.ready();
    expect(await v.intent('sidecar/actions', {})).toMatchObject({ ok: true });
    expect(await v.intent('seat/fix', { participantId: 'claude' })).toMatchObject({ ok: true });
    expect(await v.intent('seat/reset', { participantId: 'claude' })).toMatchObject({ ok: true });
    expect(opened).toEqual(['sidecar-actions', 'sign-in:claude', 'reset:claude']);
  });

  test('a change block’s Review change, Apply and Compare proposals go to the host with the block', async () => {
    const { view, opened, orchestrator } = setup();
    const v = view();
    await v.ready();
    const diff = '--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n';
    expect(await v.intent('change/review', { info: 'diff', code: diff })).toMatchObject({ ok: true });
    expect(await v.intent('change/apply', { info: 'ts x.ts', code: 'b\n' })).toMatchObject({ ok: true });
    const threadId = v.lastState().thread.id;
    const compare = { threadId, messageId: 'm1', info: 'ts x.ts', code: 'b\n' };
    expect(await v.intent('change/compare', compare)).toMatchObject({ ok: true });
    // Compare reads the shown thread only.
    expect(await v.intent('change/compare', { ...compare, threadId: 'other' })).toMatchObject({ ok: false });
    const seats = orchestrator.table.settings.participants.map((p) => p.id).join(',');
    expect(opened).toEqual([`review:diff:${diff}`, 'apply:ts x.ts:b\n', `compare:ts x.ts:m1:${threadId}:${seats}`]);
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
    sidecarEmitter.fire({ state: 'unhealthy', detail: 'Proxy down' });
    orchestrator.table.update({ ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, { ...claude, id: 'gpt' }] });
    expect(v.posted.slice(3).map((m) => m.type)).toEqual(['sidecar/changed', 'table/changed']);
  });
});

describe('ChatViewController: an older council thread', () => {
  test('its synthesis, never read, is read once the thread is shown, and the reading follows as a patch', async () => {
    const at = (i: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + i).toISOString();
    const plan: TurnPlan = {
      id: 'p',
      createdAt: at(0),
      kind: 'message',
      mode: 'council',
      question: 'q',
      round: 1,
      steps: [
        { kind: 'answer', seats: ['claude', 'gpt'], reads: 'blind', names: 'labelled', concurrency: 2 },
        { kind: 'review', seats: ['claude', 'gpt'], reads: 'peers', names: 'anonymised', concurrency: 2 },
        { kind: 'synthesis', seats: ['claude'], reads: 'council', names: 'anonymised', concurrency: 1 },
      ],
      letters: { claude: 'B', gpt: 'A' },
    };
    const reply = (id: string, speaker: string, index: number, content: string, i: number): Message => ({
      id,
      seq: i,
      role: 'assistant',
      speaker,
      content,
      status: 'complete',
      step: { plan: 'p', index },
      createdAt: at(i),
    });
    const ledger = '```ledger\n{"claims": [{"claim": "x", "A": "supported", "B": "disputed"}]}\n```';
    const thread: Transcript = {
      version: 7,
      id: 'council',
      title: 'council',
      createdAt: at(0),
      updatedAt: at(9),
      participants: ['claude', 'gpt'],
      messages: [
        { id: 'q', seq: 0, role: 'user', speaker: 'user', content: 'q?', status: 'complete', createdAt: at(0) },
        reply('a1', 'claude', 0, 'yes', 1),
        reply('a2', 'gpt', 0, 'no', 2),
        reply('s', 'claude', 2, `Both.\n${ledger}`, 3),
      ],
      plans: [plan],
    };
    const { view } = setup([thread]);
    const v = view();
    await v.ready();
    expect(v.lastState().thread.messages.find((m) => m.id === 's')?.synthesis).toBeUndefined();
    await vi.waitFor(() =>
      expect(v.posted.find((m) => m.type === 'message/patched')?.payload).toEqual({
        messageId: 's',
        synthesis: { claims: [{ claim: 'x', marks: { gpt: 'supported', claude: 'disputed' } }], answer: 'Both.' },
      }),
    );
  });
});
