import { afterEach, describe, expect, test } from 'vitest';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { STANCE_REQUEST } from '../council/instructions';
import { stancesFor } from '../council/plans';
import type { TurnPlan } from '../transcript/plan';

// Stances, per turn: a Council whose seats argue sides. One for, one against, the others weigh both; recorded on the
// plan's first step and told to each seat in its system prompt.

afterEach(disposeAll);

const MODELS: Record<string, string> = { [claude.model]: 'claude', [gpt.model]: 'gpt', [gemini.model]: 'gemini' };

describe('a Council with stances', () => {
  test('records one seat for, one against and one neutral on its answers, and tells each its side', async () => {
    const s = setup({ participants: [claude, gpt, gemini] });
    const t = await s.openThread();
    s.orchestrator.setMode(t, 'council');
    expect(await s.orchestrator.send(t, '@all should we move to ESM?', undefined, [], [], { stances: true })).toEqual({
      ok: true,
    });
    const plan = s.orchestrator.store.transcript(t)?.plans?.at(-1) as TurnPlan;
    const stances = plan.steps[0]?.stances ?? {};
    expect(Object.values(stances).sort()).toEqual(['against', 'for', 'neutral']);
    expect(Object.keys(stances).sort()).toEqual(['claude', 'gemini', 'gpt']);
    for (const i of [0, 1, 2]) {
      const call = await s.chat.call(i);
      const system = call.messages.find((m) => m.role === 'system')?.content ?? '';
      const side = stances[MODELS[call.model] as string];
      expect(side).toBeDefined();
      expect(system).toContain(STANCE_REQUEST[side ?? 'neutral']);
    }
    // The reviews and the synthesis argue no side.
    for (const i of [0, 1, 2]) await s.chat.reply(i, 'An answer.');
    const review = await s.chat.call(3);
    expect(review.messages.map((m) => String(m.content)).join('\n')).not.toContain('In this council you argue');
    s.orchestrator.stop(t);
    await s.idle(t);
  });

  test('a Council without them, and any other mode, has none', async () => {
    const s = setup({ participants: [claude, gpt] });
    const t = await s.openThread();
    await s.orchestrator.send(t, '@all hi', undefined, [], [], { stances: true });
    s.orchestrator.stop(t);
    await s.idle(t);
    const discuss = s.orchestrator.store.transcript(t)?.plans?.at(-1);
    expect(discuss?.steps[0]?.stances).toBeUndefined();
    s.orchestrator.setMode(t, 'council');
    await s.orchestrator.send(t, '@all hi again');
    const council = s.orchestrator.store.transcript(t)?.plans?.at(-1);
    expect(council?.mode).toBe('council');
    expect(council?.steps[0]?.stances).toBeUndefined();
    s.orchestrator.stop(t);
    await s.idle(t);
  });

  test('sides are shuffled by the plan id: the same in every window, and not always the same seat', () => {
    expect(stancesFor(['a', 'b', 'c'], 'p1')).toEqual(stancesFor(['a', 'b', 'c'], 'p1'));
    const forSeats = new Set(
      Array.from(
        { length: 30 },
        (_, i) => Object.entries(stancesFor(['a', 'b', 'c'], `p${i}`)).find(([, s]) => s === 'for')?.[0],
      ),
    );
    expect(forSeats.size).toBeGreaterThan(1);
    expect(stancesFor(['a', 'b'], 'p1')).toSatisfy(
      (s: Record<string, string>) => Object.values(s).sort().join() === 'against,for',
    );
  });
});
