import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { claude, disposeAll, gemini, gpt, setup } from '../../test/support/orchestratorSetup';
import { describeDisputesEnd, describePositions, describeRoundChanges, disputesOffered } from '../council/disputeText';
import type { TurnPlan } from '../transcript/plan';
import type { Message } from '../transcript/schema';

// Discuss disputes on a Council's synthesis: rounds that argue only the disputed claims, anonymised; each seat keeps or
// changes its position and says why; the chair updates the ledger; the rounds stop when nothing is disputed, when two
// rounds in a row change nothing, or at roundtable.council.maxDisputeRounds.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const MODELS: Record<string, string> = { [claude.model]: 'claude', [gpt.model]: 'gpt', [gemini.model]: 'gemini' };
const fence = (info: string, json: unknown) => `\`\`\`${info}\n${JSON.stringify(json)}\n\`\`\``;

/** A council of three answered and reviewed, whose synthesis disputes "It is safe" (Claude and GPT hold it). */
async function disputedCouncil(maxDisputeRounds = 2) {
  const s = setup({ participants: [claude, gpt, gemini] });
  s.orchestrator.table.update({ ...s.orchestrator.table.settings, maxDisputeRounds });
  const t = await s.openThread();
  s.orchestrator.setMode(t, 'council');
  await s.orchestrator.send(t, '@all is it safe?');
  for (const i of [0, 1, 2]) await s.chat.reply(i, `answer ${i}`);
  for (const i of [3, 4, 5]) await s.chat.reply(i, `Verdict: review ${i}`);
  await s.chat.call(6);
  const plan = s.orchestrator.store.transcript(t)?.plans?.at(-1) as TurnPlan;
  const letter = (seat: string) => plan.letters?.[seat] as string;
  const claims = [
    {
      claim: 'It is safe',
      [letter('claude')]: 'supported',
      [letter('gpt')]: 'supported',
      [letter('gemini')]: 'disputed',
      for: 'Claude says the input is checked',
      against: 'the check can be skipped',
    },
    { claim: 'It is fast', [letter('claude')]: 'supported', [letter('gpt')]: 'supported' },
  ];
  await s.chat.reply(6, `Safe, mostly.\n\n${fence('ledger', { claims })}`);
  await s.idle(t);
  const synthesis = s.messages(t).find((m) => m.step?.index === 2) as Message;
  let next = 7;
  /** Answers a round: each seat's positions (by claim number), then the chair's ledger (by seat). */
  const round = async (
    positions: Record<string, { position: string; argument: string }[]>,
    chair: Record<string, string>[],
  ) => {
    const calls = await Promise.all([0, 1, 2].map((i) => s.chat.call(next + i)));
    for (const call of calls) {
      const seat = MODELS[call.model] as string;
      const taken = (positions[seat] ?? []).map((p, i) => ({ claim: i + 1, ...p }));
      call.emit({ type: 'delta', text: `My position.\n\n${fence('positions', { positions: taken })}` });
      call.emit({ type: 'finish', reason: 'stop' });
      call.end();
    }
    const marks = chair.map((byseat, i) => ({
      claim: i === 0 ? 'It is safe' : `claim ${i}`,
      ...Object.fromEntries(Object.entries(byseat).map(([seat, mark]) => [letter(seat), mark])),
    }));
    await s.chat.reply(next + 3, `Updated.\n\n${fence('ledger', { claims: marks })}`);
    next += 4;
  };
  const plans = () => s.orchestrator.store.transcript(t)?.plans ?? [];
  const disputes = () => plans().filter((p) => p.kind === 'disputes');
  const thread = () => ({ messages: s.messages(t), plans: plans() });
  const NAMES: Record<string, string> = { claude: 'Claude', gpt: 'GPT', gemini: 'Gemini' };
  const name = (seat: string) => NAMES[seat] ?? seat;
  return { ...s, t, plan, letter, synthesis, round, plans, disputes, thread, name, calls: () => next };
}

const keep = (argument: string) => ({ position: 'supported', argument });
const reject = (argument: string) => ({ position: 'disputed', argument });

describe('Discuss disputes', () => {
  test('a round argues only the disputed claims, without names; each seat’s positions are read, the chair updates the ledger', async () => {
    const { orchestrator, chat, t, synthesis, round, disputes, idle, messages, letter, thread, changes } =
      await disputedCouncil(1);
    expect(disputesOffered(synthesis, thread())).toBe(1);
    expect(await orchestrator.discussDisputes(t, synthesis.id)).toEqual({ ok: true });
    expect(disputesOffered(synthesis, thread())).toBe(0);
    const [first] = disputes();
    expect(first).toMatchObject({
      kind: 'disputes',
      mode: 'council',
      disputes: { of: synthesis.id, claims: ['It is safe'], round: 1 },
      steps: [
        { kind: 'position', seats: ['claude', 'gpt', 'gemini'], reads: 'disputes', names: 'anonymised' },
        { kind: 'synthesis', seats: ['claude'], reads: 'positions', names: 'anonymised' },
      ],
    });
    const prompt = (await chat.call(7)).messages
      .map((m) => (typeof m.content === 'string' ? m.content : ''))
      .join('\n');
    // Only the disputed claim, its arguments on each side (names scrubbed), and where this seat stood.
    expect(prompt).toContain('Claim 1: It is safe');
    expect(prompt).not.toContain('It is fast');
    expect(prompt).toContain('- Response');
    expect(prompt).not.toMatch(/Claude|GPT|Gemini/);
    expect(prompt).toContain('Your position so far:');
    expect(prompt).not.toContain('answer 0');
    await round(
      { claude: [keep('checked')], gpt: [reject('the check can be skipped, I agree')], gemini: [reject('skippable')] },
      [{ claude: 'supported', gpt: 'disputed', gemini: 'disputed' }],
    );
    await idle(t);
    const positions = messages(t).filter((m) => m.step?.plan === first?.id && m.step?.index === 0);
    const of = (seat: string) => positions.find((m) => m.speaker === seat)?.positions;
    expect(of('claude')).toEqual({ claims: [{ claim: 0, position: 'supported', argument: 'checked' }] });
    expect(of('gpt')).toEqual({
      claims: [{ claim: 0, position: 'disputed', argument: 'the check can be skipped, I agree', changed: true }],
    });
    expect(of('gemini')).toEqual({ claims: [{ claim: 0, position: 'disputed', argument: 'skippable' }] });
    expect(describePositions(of('gpt') ?? {}, first as TurnPlan)).toEqual(['It is safe: rejects it (changed).']);
    // Read as it ended: the one patch that ends each position carries its reading (the panel never reads the text).
    const ending = changes.find(
      (c) =>
        c.kind === 'messageChanged' &&
        c.message.id === positions.find((m) => m.speaker === 'gpt')?.id &&
        c.patch.status,
    );
    expect(ending).toMatchObject({ patch: { status: 'complete', positions: of('gpt') } });
    // The chair read every position, under letters; its ledger is stored as any synthesis's.
    const chairPrompt = (await chat.call(10)).messages.map((m) => String(m.content)).join('\n');
    expect(chairPrompt).toContain(`[Response ${letter('gpt')}]: My position.`);
    expect(chairPrompt).toContain('Claim 1: It is safe');
  });

  test('the rounds go on while a claim is disputed, and stop at roundtable.council.maxDisputeRounds', async () => {
    const { orchestrator, t, synthesis, round, disputes, idle, thread } = await disputedCouncil(2);
    await orchestrator.discussDisputes(t, synthesis.id);
    const split = [{ claude: 'supported', gpt: 'supported', gemini: 'disputed' }];
    await round({ claude: [keep('a')], gpt: [keep('b')], gemini: [reject('c')] }, split);
    await round({ claude: [keep('a')], gpt: [reject('you are right')], gemini: [reject('c')] }, split);
    await idle(t);
    expect(disputes().map((p) => p.disputes?.round)).toEqual([1, 2]);
    expect(describeDisputesEnd(disputes()[0] as TurnPlan, thread())).toBeUndefined();
    expect(describeDisputesEnd(disputes()[1] as TurnPlan, thread())).toBe(
      'The rounds ended after round 2 (roundtable.council.maxDisputeRounds); still disputed: “It is safe”.',
    );
    expect(disputes()[1]?.disputes?.of).toBe(
      orchestrator.store.transcript(t)?.messages.find((m) => m.step?.plan === disputes()[0]?.id && m.step?.index === 1)
        ?.id,
    );
    expect(orchestrator.runner.isBusy(t)).toBe(false);
    // Once its rounds have run, a synthesis offers no more.
    expect(await orchestrator.discussDisputes(t, synthesis.id)).toMatchObject({ ok: false });
  });

  test('the rounds stop once nothing is disputed', async () => {
    const { orchestrator, t, synthesis, round, disputes, idle, thread, name } = await disputedCouncil(5);
    await orchestrator.discussDisputes(t, synthesis.id);
    await round({ claude: [keep('a')], gpt: [keep('b')], gemini: [keep('you convinced me: the check runs first')] }, [
      { claude: 'supported', gpt: 'supported', gemini: 'supported' },
    ]);
    await idle(t);
    expect(disputes()).toHaveLength(1);
    const [only] = disputes() as [TurnPlan];
    expect(describeRoundChanges(only, thread(), name)).toEqual(['Gemini now holds “It is safe”.']);
    expect(describeDisputesEnd(only, thread())).toBe('The rounds ended: nothing is disputed any more.');
  });

  test('the rounds stop when two rounds in a row change no position', async () => {
    const { orchestrator, t, synthesis, round, disputes, idle, thread, name } = await disputedCouncil(5);
    await orchestrator.discussDisputes(t, synthesis.id);
    const same = { claude: [keep('a')], gpt: [keep('b')], gemini: [reject('c')] };
    const split = [{ claude: 'supported', gpt: 'supported', gemini: 'disputed' }];
    await round(same, split);
    await round(same, split);
    await idle(t);
    expect(disputes().map((p) => p.disputes?.round)).toEqual([1, 2]);
    expect(describeRoundChanges(disputes()[1] as TurnPlan, thread(), name)).toEqual(['No seat changed its position.']);
    expect(describeDisputesEnd(disputes()[1] as TurnPlan, thread())).toBe(
      'The rounds ended: two rounds in a row changed no position.',
    );
  });

  test('a change of position with no new argument is marked as such', async () => {
    const { orchestrator, t, synthesis, round, disputes, idle, messages, thread, name } = await disputedCouncil(2);
    await orchestrator.discussDisputes(t, synthesis.id);
    const split = [{ claude: 'supported', gpt: 'supported', gemini: 'disputed' }];
    await round({ claude: [keep('a')], gpt: [keep('b')], gemini: [reject('c')] }, split);
    // Round 2: GPT turns with the very argument it gave for the other side; Gemini turns with a new one.
    await round({ claude: [keep('a')], gpt: [reject('B.')], gemini: [keep('the tests show the check runs')] }, split);
    await idle(t);
    const second = disputes()[1];
    const taken = (seat: string) =>
      messages(t).find((m) => m.step?.plan === second?.id && m.step?.index === 0 && m.speaker === seat)?.positions
        ?.claims?.[0];
    expect(taken('gpt')).toMatchObject({ changed: true, withoutReason: true });
    expect(taken('gemini')).toMatchObject({ changed: true });
    expect(taken('gemini')).not.toHaveProperty('withoutReason');
    expect(taken('claude')).not.toHaveProperty('changed');
    expect(describeRoundChanges(second as TurnPlan, thread(), name)).toEqual([
      'GPT now rejects “It is safe”, without a reason.',
      'Gemini now holds “It is safe”.',
    ]);
  });

  test('is refused on a synthesis with nothing disputed, on a reply that is no synthesis, and while a turn runs', async () => {
    const s = setup({ participants: [claude, gpt] });
    // Both answer 4: a unanimous table would end at its vote, and this needs the synthesis.
    s.orchestrator.table.update({ ...s.orchestrator.table.settings, skipWhenUnanimous: false });
    const t = await s.openThread();
    s.orchestrator.setMode(t, 'council');
    await s.orchestrator.send(t, '@all 2+2?');
    for (const i of [0, 1]) await s.chat.reply(i, 'Answer: 4');
    expect(await s.orchestrator.discussDisputes(t, 'nope')).toMatchObject({ ok: false });
    for (const i of [2, 3]) await s.chat.reply(i, 'Verdict: fine');
    await s.chat.reply(4, 'It is 4.\n\nAnswer: 4');
    await s.idle(t);
    const synthesis = s.messages(t).find((m) => m.step?.index === 2) as Message;
    const answer = s.messages(t).find((m) => m.step?.index === 0) as Message;
    expect(await s.orchestrator.discussDisputes(t, synthesis.id)).toEqual({
      ok: false,
      reason: 'Nothing is disputed: its ledger and its vote agree.',
    });
    expect(await s.orchestrator.discussDisputes(t, answer.id)).toMatchObject({ ok: false });
  });

  test('a split vote is a claim to dispute, marked by each seat’s answer', async () => {
    const s = setup({ participants: [claude, gpt, gemini] });
    const t = await s.openThread();
    s.orchestrator.setMode(t, 'council');
    await s.orchestrator.send(t, '@all 6×7?');
    await s.chat.reply(0, 'Answer: 42');
    await s.chat.reply(1, 'Answer: 42');
    await s.chat.reply(2, 'Answer: 41');
    for (const i of [3, 4, 5]) await s.chat.reply(i, 'Verdict: ok');
    await s.chat.reply(6, 'It is 42.\n\nAnswer: 42');
    await s.idle(t);
    const synthesis = s.messages(t).find((m) => m.step?.index === 2) as Message;
    expect(await s.orchestrator.discussDisputes(t, synthesis.id)).toEqual({ ok: true });
    const round = s.orchestrator.store.transcript(t)?.plans?.find((p) => p.kind === 'disputes');
    expect(round?.disputes?.claims).toEqual(['The answer is 42.']);
    const prompt = (await s.chat.call(7)).messages.map((m) => String(m.content)).join('\n');
    expect(prompt).toContain('Claim 1: The answer is 42.');
    expect(prompt).toContain('- (none given)');
    s.orchestrator.stop(t);
    await s.idle(t);
  });
});
