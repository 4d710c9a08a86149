import { describe, expect, it } from 'vitest';
import { COUNCIL, councilMessages } from '../testing/councilFixtures';
import { turnPlan, viewMessage } from '../testing/fixtures';
import { describeMissing, missingAnswers, planCost, planHeading } from './planText';
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

describe('what a synthesis lacked', () => {
  it('names each seat of the first step with no answer to read, and why', () => {
    const messages = councilMessages().map((m) =>
      m.id === 'a2' ? { ...m, status: 'cancelled' as const, content: '' } : m,
    );
    const missing = missingAnswers(COUNCIL, facts(messages.filter((m) => m.id !== 'a1')));
    expect(missing).toEqual([
      { seat: 'claude', why: 'did not answer' },
      { seat: 'gpt', why: 'was stopped' },
      { seat: 'grok', why: 'failed' },
    ]);
    expect(describeMissing(missing, name)).toBe(
      'Written without Claude’s answer (it did not answer), GPT’s answer (it was stopped) and grok’s answer (it failed).',
    );
  });

  it('counts an answer with text, whatever its end, and an alternative not at all', () => {
    const messages = councilMessages().map((m) =>
      m.id === 'a3' ? { ...m, content: 'partial', error: 'HTTP 500' } : m,
    );
    expect(missingAnswers(COUNCIL, facts(messages))).toEqual([]);
    expect(describeMissing([], name)).toBeUndefined();
    const alternative = factsOf(
      viewMessage({ id: 'x', speaker: 'gpt', alternativeOf: 'a1', step: { plan: 'p1', index: 0 } }),
    );
    const withoutGpt = facts(messages).filter((f) => f.id !== 'a2');
    expect(missingAnswers(COUNCIL, [...withoutGpt, alternative])).toEqual([{ seat: 'gpt', why: 'did not answer' }]);
  });
});

describe('a reply’s facts', () => {
  it('stay the same while only its text grows, and change when what a plan reads of it does', () => {
    const base = viewMessage({ id: 'a', content: '', status: 'streaming', step: { plan: 'p', index: 1 } });
    const first: ReplyFacts = factsOf(base);
    expect(first).toMatchObject({ stepIndex: 1, spoke: false, alternative: false });
    expect(sameFacts(first, factsOf({ ...base, content: '  ' }))).toBe(true);
    expect(sameFacts(first, factsOf({ ...base, content: 'Hi' }))).toBe(false);
    const spoke = factsOf({ ...base, content: 'Hi' });
    expect(sameFacts(spoke, factsOf({ ...base, content: 'Hi there' }))).toBe(true);
    expect(sameFacts(spoke, factsOf({ ...base, content: 'Hi', status: 'complete' }))).toBe(false);
    expect(sameFacts(spoke, factsOf({ ...base, content: 'Hi', timing: { totalMs: 1 } }))).toBe(false);
  });
});
