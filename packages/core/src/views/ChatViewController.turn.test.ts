import { afterEach, describe, expect, test, vi } from 'vitest';
import { claude, disposeAll, setup } from '../../test/support/viewSetup';

// The turn as a view sees it: who answers and who is queued, who a Stop skipped, and continuing with them.

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

describe('ChatViewController: the turn', () => {
  test('is pushed as small patches while it runs, and a Stop leaves who was skipped', async () => {
    const { v, threadId, chat, orchestrator, turns } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.call(0);
    expect(turns()).toEqual([{ state: 'running', responders: ['claude', 'gpt'], current: 0 }]);
    expect(await v.intent('chat/stop', { threadId })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(turns().at(-1)).toEqual({ state: 'stopped', skipped: ['gpt'] });
  });

  test('is part of the full state, so a view that comes back still offers to continue', async () => {
    const { v, threadId, chat, orchestrator } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.call(0);
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    v.controller.markHidden();
    await v.ready();
    expect(v.lastState().turn).toEqual({ state: 'stopped', skipped: ['gpt'] });
  });

  test('turn/continue runs the skipped participants; turn/dismiss clears the offer', async () => {
    const { v, threadId, chat, orchestrator, turns } = await threeAtTheTable();
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.call(0);
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(await v.intent('turn/continue', { threadId })).toMatchObject({ ok: true });
    expect((await chat.call(1)).model).toBe('g');
    expect(turns().at(-1)).toEqual({ state: 'running', responders: ['gpt'], current: 0 });
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(turns().at(-1)).toBeNull();

    await v.intent('chat/send', { threadId, text: '@all again' });
    await chat.call(2);
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(turns().at(-1)).toEqual({ state: 'stopped', skipped: ['gpt'] }));
    expect(await v.intent('turn/dismiss', { threadId })).toMatchObject({ ok: true });
    expect(turns().at(-1)).toBeNull();
    expect(await v.intent('turn/continue', { threadId })).toMatchObject({ ok: false });
  });

  test('a view showing another thread hears nothing of this turn', async () => {
    const { v, threadId, chat, orchestrator, view } = await threeAtTheTable();
    const other = view();
    await other.ready();
    await other.intent('thread/new', {});
    await v.intent('chat/send', { threadId, text: '@all hi' });
    await chat.call(0);
    await v.intent('chat/stop', { threadId });
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    // Both views started on the same new thread; the other one moved on to its own before the turn began.
    expect(other.lastState().thread.id).not.toBe(threadId);
    expect(other.types()).not.toContain('turn/changed');
  });
});
