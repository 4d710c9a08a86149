import { afterEach, describe, expect, test, vi } from 'vitest';
import { leftByACrash } from '../../test/support/crashedThread';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { runningInTurn as running } from '../../test/support/turnShapes';
import { claude, disposeAll, setup } from '../../test/support/viewSetup';
import { LEASE_STALE_MS } from '../transcript/turnLease';

// The turn as a view sees it: who answers and who is queued, who a Stop skipped, and continuing with them.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const gpt = { ...claude, id: 'gpt', displayName: 'GPT', model: 'g' };

async function threeAtTheTable() {
  const s = setup();
  s.orchestrator.table.update({ ...s.orchestrator.table.settings, participants: [claude, gpt] });
  const v = s.view();
  await v.ready();
  const threadId = v.lastState().thread.id;
  const turns = () => v.posted.flatMap((m) => (m.type === 'turn/changed' ? [m.payload.turn] : []));
  return { ...s, v, threadId, turns };
}

const stopped = (skipped: string[]) => ({ state: 'stopped', step: 'answer', skipped });
const answered = (speakers: string[], round: number, maxRounds: number) => ({
  state: 'answered',
  speakers,
  round,
  maxRounds,
  mode: 'discuss',
});

describe('ChatViewController: the turn', () => {
  test('a turn found cut off while the view shows its thread is offered to continue, with why', async () => {
    const s = setup([leftByACrash()]);
    s.orchestrator.table.update({ ...s.orchestrator.table.settings, participants: [claude, gpt] });
    const v = s.view();
    await v.ready();
    await vi.waitFor(() => expect(v.lastState().thread.messages).toHaveLength(2));
    const turns = () => v.posted.flatMap((m) => (m.type === 'turn/changed' ? [m.payload.turn] : []));
    expect(v.lastState().turn).toBeUndefined();
    // Its window's lease was renewed just now: not cut off yet. It goes stale with nothing read again.
    s.clock.advance(LEASE_STALE_MS + 1_000);
    await vi.waitFor(() => expect(turns().at(-1)).toEqual({ ...stopped(['gpt']), cutOff: true }));
    expect(v.posted.some((m) => m.type === 'message/patched' && m.payload.cutOff === true)).toBe(true);
  });

  test('is pushed as small patches while it runs, and a Stop leaves who was skipped', async () => {
    const { v, threadId, chat, orchestrator, turns } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.partial(0, 'Hm');
    expect(turns()).toEqual([running(['claude', 'gpt'], 'claude')]);
    expect(await v.intent('chat/stop', { threadId })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(turns().at(-1)).toEqual(stopped(['gpt']));
  });

  test('is part of the full state, so a view that comes back still offers to continue', async () => {
    const { v, threadId, chat, orchestrator } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.partial(0, 'Hm');
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    v.controller.markHidden();
    await v.ready();
    expect(v.lastState().turn).toEqual(stopped(['gpt']));
  });

  test('turn/continue runs the skipped participants; turn/dismiss clears the offer', async () => {
    const { v, threadId, chat, orchestrator, turns } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.partial(0, 'Hm');
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(await v.intent('turn/continue', { threadId })).toMatchObject({ ok: true });
    expect((await chat.call(1)).model).toBe('g');
    expect(turns().at(-1)).toEqual(running(['gpt'], 'gpt'));
    await chat.partial(1, 'Yes');
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    // Both have now taken part (stopped or not): the first round of a discussion.
    expect(turns().at(-1)).toEqual(answered(['claude', 'gpt'], 1, 3));

    await v.intent('chat/send', { threadId, text: '@all again' });
    await chat.partial(2, 'Well');
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(turns().at(-1)).toEqual(stopped(['gpt'])));
    expect(await v.intent('turn/dismiss', { threadId })).toMatchObject({ ok: true });
    // Only Claude answered this message: nothing left to offer.
    expect(turns().at(-1)).toBeNull();
    expect(await v.intent('turn/continue', { threadId })).toMatchObject({ ok: false });
  });

  test('a view showing another thread hears nothing of this turn', async () => {
    const { v, threadId, chat, orchestrator, view } = await threeAtTheTable();
    const other = view();
    await other.ready();
    await other.intent('thread/new', {});
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.partial(0, 'Hm');
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    // Both views started on the same new thread; the other one moved on to its own before the turn began.
    expect(other.lastState().thread.id).not.toBe(threadId);
    expect(other.types()).not.toContain('turn/changed');
  });
});

describe('ChatViewController: what a reply was sent', () => {
  test('message/prompt shows the reply’s prompt and offers the others of its turn', async () => {
    const { v, threadId, chat, orchestrator, prompts } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.reply(0, 'one');
    await chat.reply(1, 'two');
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    const reply = orchestrator.store.transcript(threadId)?.messages[2];
    expect(await v.intent('message/prompt', { threadId, messageId: reply?.id ?? '' })).toMatchObject({ ok: true });
    expect(prompts.map((p) => [p.shown.title, p.others.map((o) => o.title)])).toEqual([
      ["GPT's prompt", ["Claude's prompt"]],
    ]);
    expect(await v.intent('message/prompt', { threadId, messageId: 'gone' })).toMatchObject({ ok: false });
    expect(await v.intent('message/prompt', { threadId: 'elsewhere', messageId: reply?.id ?? '' })).toMatchObject({
      ok: false,
      reason: 'This view shows another thread now. Try again there.',
    });
    expect(prompts).toHaveLength(1);
  });
});

describe('ChatViewController: another round', () => {
  test('after several answered, the view is told the round; another round is asked of them all, up to the cap', async () => {
    const { v, threadId, chat, orchestrator, turns } = await threeAtTheTable();
    orchestrator.table.update({ ...orchestrator.table.settings, maxRounds: 2 });
    await v.intent('chat/send', { threadId, text: '@all what next?' });
    await chat.reply(0, 'C1');
    await chat.reply(1, 'G1');
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(turns().at(-1)).toEqual(answered(['claude', 'gpt'], 1, 2));

    expect(await v.intent('turn/anotherRound', { threadId })).toMatchObject({ ok: true });
    const second = await chat.call(2);
    // Claude reads the whole first round, its own reply and GPT's.
    expect(second.messages.slice(1).map((m) => m.content)).toEqual(['[User] @all what next?', 'C1', '[GPT]: G1']);
    await chat.reply(2, 'C2');
    await chat.reply(3, 'G2');
    await vi.waitFor(() => expect(turns().at(-1)).toMatchObject({ state: 'answered', round: 2 }));
    expect(await v.intent('turn/anotherRound', { threadId })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('the most roundtable.router.maxRounds allows'),
    });
    expect(chat.calls).toHaveLength(4);
    // A full state says the same, so a view that comes back offers the same.
    v.controller.markHidden();
    await v.ready();
    expect(v.lastState().turn).toEqual(answered(['claude', 'gpt'], 2, 2));
  });

  test('is refused when only one participant answered', async () => {
    const { v, threadId, chat, orchestrator, turns } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@claude alone' });
    await chat.reply(0, 'C1');
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(turns().at(-1)).toBeNull();
    expect(await v.intent('turn/anotherRound', { threadId })).toMatchObject({ ok: false });
  });
});
