import { afterEach, describe, expect, test } from 'vitest';
import { labelsOf, threeSeats } from '../../test/support/councilRun';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll } from '../../test/support/orchestratorSetup';
import type { PromptRecord } from '../orchestrator/PromptLog';
import type { TurnPlan } from '../transcript/plan';

// What each seat's prompt holds, and under which label, in every mode and step: the visibility rule, end to end
// through the orchestrator (the thread starts with an exchange with Claude, then `@all` asks the question).

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const EARLIER_FOR_CLAUDE = ['user[User]', 'assistant'];
const EARLIER_FOR_OTHERS = ['user[User]', 'user[Claude]:'];
const earlier = (seat: string) => (seat === 'claude' ? EARLIER_FOR_CLAUDE : EARLIER_FOR_OTHERS);
/** In a prompt that names nobody, an earlier reply is the seat's own (`assistant`) or an anonymous one. */
const earlierAnonymous = (seat: string) => ['user[User]', seat === 'claude' ? 'assistant' : 'user[Earlier reply]:'];

const labels = (record: PromptRecord | undefined) => (record ? labelsOf(record) : ['(no prompt)']);
const response = (plan: TurnPlan, seat: string) => `user[Response ${plan.letters?.[seat]}]:`;

describe('the visibility rule, seat by seat', () => {
  test('Discuss: one after another, each reads everything before it, under names', async () => {
    const { orchestrator, t, plan, callsOf, idle } = await threeSeats('discuss');
    await orchestrator.send(t, '@all what next?');
    await idle(t);
    const calls = callsOf(plan(), 0);
    expect(labels(calls.get('claude'))).toEqual(['system', ...earlier('claude'), 'user[User]']);
    expect(labels(calls.get('gpt'))).toEqual(['system', ...earlier('gpt'), 'user[User]', 'user[Claude]:']);
    expect(labels(calls.get('gemini'))).toEqual([
      'system',
      ...earlier('gemini'),
      'user[User]',
      'user[Claude]:',
      'user[GPT]:',
    ]);
  });

  test('Independent: each reads the thread up to the question, none of the other answers', async () => {
    const { orchestrator, t, plan, callsOf, idle } = await threeSeats('independent');
    await orchestrator.send(t, '@all what next?');
    await idle(t);
    for (const [seat, call] of callsOf(plan(), 0)) {
      expect(labels(call), seat).toEqual(['system', ...earlier(seat), 'user[User]']);
    }
    expect(callsOf(plan(), 0).size).toBe(3);
  });

  test('Independent one at a time (maxConcurrent 1) is still blind: a later seat never reads an earlier answer', async () => {
    const { orchestrator, t, plan, callsOf, idle } = await threeSeats('independent', { maxConcurrent: 1 });
    await orchestrator.send(t, '@all what next?');
    await idle(t);
    expect(plan().steps[0]?.concurrency).toBe(1);
    for (const [seat, call] of callsOf(plan(), 0)) {
      expect(labels(call), seat).toEqual(['system', ...earlier(seat), 'user[User]']);
    }
    // The prompt inspector says what was kept from the last one.
    expect(callsOf(plan(), 0).get('gemini')?.rule).toContain('- Hidden from it: 2 earlier replies (Claude and GPT)');
  });

  test('a reveal round after Independent: each reads every first answer, under names, none of this round', async () => {
    const { orchestrator, t, plan, callsOf, idle } = await threeSeats('independent');
    await orchestrator.send(t, '@all what next?');
    await idle(t);
    expect(await orchestrator.anotherRound(t)).toEqual({ ok: true });
    await idle(t);
    const round = plan();
    expect(round).toMatchObject({ kind: 'round', round: 2, mode: 'independent' });
    const answers = { claude: 'user[Claude]:', gpt: 'user[GPT]:', gemini: 'user[Gemini]:' };
    for (const [seat, call] of callsOf(round, 0)) {
      const firstAnswers = Object.entries(answers).map(([s, label]) => (s === seat ? 'assistant' : label));
      expect(labels(call), seat).toEqual(['system', ...earlier(seat), 'user[User]', ...firstAnswers]);
    }
  });

  test('Council: blind answers, then reviews of the others’ answers by letter, then the synthesis', async () => {
    const { orchestrator, t, plan, callsOf, idle } = await threeSeats('council');
    await orchestrator.send(t, '@all what next?');
    await idle(t);
    const council = plan();
    expect(council.steps.map((s) => [s.kind, s.reads, s.names])).toEqual([
      ['answer', 'blind', 'labelled'],
      ['review', 'peers', 'anonymised'],
      ['synthesis', 'council', 'anonymised'],
    ]);
    for (const [seat, call] of callsOf(council, 0)) {
      expect(labels(call), seat).toEqual(['system', ...earlier(seat), 'user[User]']);
    }
    for (const [seat, call] of callsOf(council, 1)) {
      const order = council.steps[1]?.orders?.[seat] ?? [];
      expect(order).toHaveLength(2);
      expect(order).not.toContain(seat);
      expect(labels(call), seat).toEqual([
        'system',
        ...earlierAnonymous(seat),
        'user[User]',
        ...order.map((s) => response(council, s)),
        'user[Roundtable]',
      ]);
    }
    const [[chair, call]] = [...callsOf(council, 2)] as [[string, PromptRecord]];
    expect(chair).toBe('claude');
    const order = council.steps[2]?.orders?.claude ?? [];
    expect(order).toHaveLength(3);
    expect(labels(call)).toEqual([
      'system',
      ...earlierAnonymous('claude'),
      'user[User]',
      ...order.map((s) => response(council, s)),
      'user[Review 1]:',
      'user[Review 2]:',
      'user[Review 3]:',
      'user[Roundtable]',
    ]);
  });

  test('Ask the table to review: the others read the question and the reply as Response A', async () => {
    const { orchestrator, t, plan, callsOf, idle, messages } = await threeSeats('discuss');
    await orchestrator.send(t, '@gpt is this right?');
    await idle(t);
    const reply = messages(t).at(-1);
    expect(reply?.speaker).toBe('gpt');
    expect(await orchestrator.review(t, reply?.id ?? '')).toEqual({ ok: true });
    await idle(t);
    const review = plan();
    expect(review).toMatchObject({ kind: 'review', target: reply?.id, letters: { gpt: 'A' } });
    const calls = callsOf(review, 0);
    expect([...calls.keys()]).toEqual(['claude', 'gemini']);
    for (const [seat, call] of calls) {
      expect(labels(call), seat).toEqual([
        'system',
        ...earlierAnonymous(seat),
        'user[User]',
        'user[Response A]:',
        'user[Roundtable]',
      ]);
    }
    // The reviews sit right under the reviewed reply.
    expect(
      messages(t)
        .slice(-3)
        .map((m) => [m.speaker, m.reviewOf]),
    ).toEqual([
      ['gpt', undefined],
      ['claude', reply?.id],
      ['gemini', reply?.id],
    ]);
  });

  test('the same review, not anonymised, reads the reply under its author’s name', async () => {
    const { orchestrator, t, plan, callsOf, idle, messages } = await threeSeats('discuss', { anonymiseReviews: false });
    await orchestrator.send(t, '@gpt is this right?');
    await idle(t);
    expect(await orchestrator.review(t, messages(t).at(-1)?.id ?? '')).toEqual({ ok: true });
    await idle(t);
    expect(plan().letters).toBeUndefined();
    expect(labels(callsOf(plan(), 0).get('claude'))).toEqual([
      'system',
      ...EARLIER_FOR_CLAUDE,
      'user[User]',
      'user[GPT]:',
      'user[Roundtable]',
    ]);
  });
});
