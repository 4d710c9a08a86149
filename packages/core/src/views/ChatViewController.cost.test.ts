import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, setup } from '../../test/support/viewSetup';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../orchestrator/settings';

// The cost beside the send button, host side: a draft is counted by the host (never refused: a refusal would be a
// notice), the answer echoes the request it answers, and nothing is stored or sent to a model.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const gpt = { ...claude, id: 'gpt', displayName: 'GPT' };

describe('ChatViewController: the cost of a draft', () => {
  test('a draft is answered with its count, then done; the thread and the model are not touched', async () => {
    const { view, orchestrator, chat } = setup();
    orchestrator.table.update({ ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, gpt] });
    const v = view();
    await v.ready();
    const threadId = v.controller.threadId as string;
    orchestrator.setMode(threadId, 'council');
    expect(await v.intent('chat/estimate', { threadId, text: '@all is 7 prime?' })).toEqual({
      requestId: 'r1',
      ok: true,
    });
    expect(v.types().slice(-2)).toEqual(['cost/estimated', 'request/done']);
    const answer = v.posted.at(-2);
    expect(answer?.type === 'cost/estimated' && answer.payload).toEqual({
      requestId: 'r1',
      cost: { kind: 'sends', mode: 'council', seats: ['claude', 'gpt'], requests: 5, fewest: 2 },
    });
    expect(orchestrator.store.transcript(threadId)?.messages).toEqual([]);
    expect(chat.calls).toEqual([]);
  });

  test('a draft that would be refused is counted as refused, with the reason; the request itself is not refused', async () => {
    const { view } = setup();
    const v = view();
    await v.ready();
    const threadId = v.controller.threadId as string;
    expect(await v.intent('chat/estimate', { threadId, text: '@nobody hello' })).toMatchObject({ ok: true });
    const answer = v.posted.at(-2);
    expect(answer?.type === 'cost/estimated' && answer.payload.cost).toEqual({
      kind: 'refused',
      reason: expect.stringContaining('nobody'),
    });
  });

  test('a draft of a thread the view no longer shows gets no count, and no notice', async () => {
    const { view } = setup();
    const v = view();
    await v.ready();
    expect(await v.intent('chat/estimate', { threadId: 'elsewhere', text: 'hi' })).toMatchObject({ ok: true });
    expect(v.types()).not.toContain('cost/estimated');
  });
});
