import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, setup } from '../../test/support/viewSetup';

// A Council that ended at its unanimous vote, as a view sees it: the turn line carries the vote (with the plan Review
// anyway names), in patches and in the full state, and `turn/reviewAnyway` runs the reviews and the synthesis.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const gpt = { ...claude, id: 'gpt', displayName: 'GPT', model: 'g' };
const gemini = { ...claude, id: 'gemini', displayName: 'Gemini', model: 'm' };

describe('ChatViewController: a Council that ended at its vote', () => {
  test('the turn line says the vote; turn/reviewAnyway runs the rest of the plan', async () => {
    const s = setup();
    s.orchestrator.table.update({ ...s.orchestrator.table.settings, participants: [claude, gpt, gemini] });
    const v = s.view();
    await v.ready();
    const threadId = v.lastState().thread.id;
    await v.intent('chat/setMode', { threadId, mode: 'council' });
    s.chat.onCall = (i) => void s.chat.reply(i, i < 3 ? `Answer: ${i === 1 ? '42.0' : '42'}` : `Verdict: ok ${i}`);
    await v.intent('chat/send', { threadId, text: '@all six times seven?' });
    await vi.waitFor(() => expect(s.orchestrator.runner.isBusy(threadId)).toBe(false));
    const plan = s.orchestrator.store.transcript(threadId)?.plans?.at(-1)?.id;
    const agreed = { plan, answer: '42', seats: 3, saved: 4 };
    const turns = () => v.posted.flatMap((m) => (m.type === 'turn/changed' ? [m.payload.turn] : []));
    await vi.waitFor(() => expect(turns().at(-1)).toMatchObject({ state: 'answered', mode: 'council', agreed }));
    expect(s.chat.calls).toHaveLength(3);

    // A view that comes back gets it in its full state.
    v.controller.markHidden();
    await v.ready();
    expect(v.lastState().turn).toMatchObject({ state: 'answered', agreed });

    expect(await v.intent('turn/reviewAnyway', { threadId, planId: plan ?? '' })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(s.chat.calls).toHaveLength(7));
    await vi.waitFor(() => expect(s.orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(turns().at(-1)).not.toHaveProperty('agreed');
    expect(turns().at(-1)).toMatchObject({ state: 'answered' });
  });
});
