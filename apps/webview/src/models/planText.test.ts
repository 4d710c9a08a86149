import { describe, expect, it } from 'vitest';
import { COUNCIL, councilMessages, disputePlan } from '../testing/councilFixtures';
import { turnPlan, viewMessage } from '../testing/fixtures';
import { planCost, planHeading } from './planText';
import { factsOf, type ReplyFacts, sameFacts } from './replyFacts';

const name = (seat: string) => ({ claude: 'Claude', gpt: 'GPT' })[seat] ?? seat;
const facts = (messages = councilMessages()) => messages.filter((m) => m.step).map(factsOf);

describe('a plan’s heading', () => {
  it('says the mode, the round after the first, and each step', () => {
    expect(planHeading(COUNCIL, name)).toBe('Council · 3 answers, reviews, synthesis by Claude');
    const one = turnPlan({ id: 'p', mode: 'independent', round: 3 });
    expect(planHeading({ ...one, steps: one.steps.map((s) => ({ ...s, seats: ['gpt'] })) }, name)).toBe(
      'Independent · round 3 · 1 answer',
    );
  });

  it('says a dispute round by its own count of rounds (not the council’s round), its positions and its ledger', () => {
    expect(planHeading(disputePlan('p2', 's1', 1), name)).toBe('Disputes · round 1 · 2 positions, ledger by Claude');
    expect(planHeading({ ...disputePlan('p3', 'r1', 2), round: 4 }, name)).toBe(
      'Disputes · round 2 · 2 positions, ledger by Claude',
    );
  });
});

describe('a plan’s cost', () => {
  it('adds the longest reply of each step run at once, and every token', () => {
    expect(planCost(COUNCIL, facts())).toBe('11 s in all · about 220 tokens in, 110 out (estimated)');
  });

  it('adds up a step run one after another; leaves alternatives out; says nothing without figures', () => {
    const plan = turnPlan({ id: 'p1' });
    const reply = (id: string, totalMs: number, extra = {}) =>
      factsOf(viewMessage({ id, step: { plan: 'p1', index: 0 }, timing: { totalMs }, ...extra }));
    const replies = [
      reply('a', 1_500, { usage: { inputTokens: 1_000, outputTokens: 20 } }),
      reply('b', 2_000),
      reply('c', 9_000, { alternativeOf: 'a', usage: { inputTokens: 5, outputTokens: 5 } }),
    ];
    expect(planCost(plan, replies)).toBe('3.5 s in all · 1,000 tokens in, 20 out');
    expect(planCost(plan, [factsOf(viewMessage({ id: 'x', step: { plan: 'p1', index: 0 } }))])).toBeUndefined();
  });
});

describe('a reply’s facts', () => {
  it('stay the same while only its text grows or its status moves, and change when what a plan reads of it does', () => {
    const base = viewMessage({ id: 'a', content: '', status: 'streaming', step: { plan: 'p', index: 1 } });
    const first: ReplyFacts = factsOf(base);
    expect(first).toEqual({ stepIndex: 1, alternative: false, timing: undefined, usage: undefined });
    expect(sameFacts(first, factsOf({ ...base, content: 'Hi there' }))).toBe(true);
    expect(sameFacts(first, factsOf({ ...base, content: 'Hi', status: 'complete' }))).toBe(true);
    expect(sameFacts(first, factsOf({ ...base, timing: { totalMs: 1 } }))).toBe(false);
    expect(sameFacts(first, factsOf({ ...base, usage: { inputTokens: 1, outputTokens: 1 } }))).toBe(false);
    expect(sameFacts(first, factsOf({ ...base, alternativeOf: 'b' }))).toBe(false);
  });
});
