import type { SynthesisReading, TurnPlan, ViewMessage } from '@roundtable/core/protocol';
import { turnPlan, viewMessage, viewState } from './fixtures';

// A council turn as the host shows it: Claude, GPT and Grok (a seat no longer in the settings) answer blind, review
// one another under letters, and Claude, the chair, writes the synthesis. Grok's answer failed before any text.

export const LEDGER_TEXT = [
  'The answer is **42**, as Response A showed.',
  '',
  '```ledger',
  JSON.stringify({
    claims: [
      { claim: 'The answer is 42', A: 'supported', B: 'not addressed', C: 'disputed' },
      { claim: 'It needs <b>no</b> proof', A: 'disputed', C: 'supported' },
    ],
  }),
  '```',
].join('\n');

/** What the host read of `LEDGER_TEXT` when the synthesis ended: the marks by seat, and Grok's failed answer. */
export const LEDGER_READING: SynthesisReading = {
  claims: [
    { claim: 'The answer is 42', marks: { gpt: 'supported', grok: 'not addressed', claude: 'disputed' } },
    { claim: 'It needs <b>no</b> proof', marks: { gpt: 'disputed', claude: 'supported' } },
  ],
  answer: 'The answer is **42**, as Response A showed.',
  without: { grok: 'failed' },
};

/** Letters shuffled against the seat order, so a column named by its letter's order would show. */
export const COUNCIL: TurnPlan = turnPlan({
  id: 'p1',
  mode: 'council',
  steps: [
    { kind: 'answer', seats: ['claude', 'gpt', 'grok'], reads: 'blind', names: 'labelled', concurrency: 3 },
    { kind: 'review', seats: ['claude', 'gpt', 'grok'], reads: 'peers', names: 'anonymised', concurrency: 3 },
    { kind: 'synthesis', seats: ['claude'], reads: 'council', names: 'anonymised', concurrency: 1 },
  ],
  letters: { gpt: 'A', grok: 'B', claude: 'C' },
});

const step = (index: number) => ({ plan: COUNCIL.id, index });

/**
 * The council's messages, the user's question first; `synthesis` is the chair's text, `reading` what the host read of
 * it (`null`: an older thread's synthesis, not read yet).
 */
export function councilMessages(
  synthesis = LEDGER_TEXT,
  reading: SynthesisReading | null = LEDGER_READING,
): ViewMessage[] {
  return [
    viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'What is the answer?' }),
    viewMessage({
      id: 'a1',
      content: 'It is 42.',
      step: step(0),
      timing: { firstTokenMs: 800, totalMs: 4_000 },
      usage: { inputTokens: 100, outputTokens: 50 },
    }),
    viewMessage({
      id: 'a2',
      speaker: 'gpt',
      content: 'Surely 42.',
      step: step(0),
      timing: { totalMs: 6_000 },
      usage: { inputTokens: 120, outputTokens: 60, estimated: true },
    }),
    viewMessage({ id: 'a3', speaker: 'grok', status: 'error', error: 'HTTP 500', step: step(0) }),
    viewMessage({
      id: 'v1',
      content: '**Verdict:** A is right; B failed.\n\nA shows its work.',
      step: step(1),
      timing: { totalMs: 2_000 },
    }),
    viewMessage({ id: 'v2', speaker: 'gpt', content: 'Verdict: C is thin', status: 'streaming', step: step(1) }),
    viewMessage({
      id: 's1',
      content: synthesis,
      step: step(2),
      timing: { totalMs: 3_000 },
      ...(reading === null ? {} : { synthesis: reading }),
    }),
  ];
}

/** The shown thread in Council mode, with the council's plan and messages. */
export function councilState(synthesis?: string, reading?: SynthesisReading | null) {
  return viewState({ thread: { mode: 'council', plans: [COUNCIL] } }, councilMessages(synthesis, reading));
}

// Discuss disputes on that council's synthesis (both of its claims are disputed): Claude and GPT, the seats that
// answered, take their positions, and Claude, the chair, updates the ledger. GPT comes round to "It needs <b>no</b>
// proof" giving no argument at all (a change without a reason); "The answer is 42" stays disputed.

type PositionsReading = NonNullable<ViewMessage['positions']>;

const CLAIMS = ['The answer is 42', 'It needs <b>no</b> proof'];

/** Dispute round `round` (from 1) of the council's question, arguing from synthesis `of`. */
export function disputePlan(id: string, of: string, round: number, claims = CLAIMS): TurnPlan {
  return turnPlan({
    id,
    kind: 'disputes',
    mode: 'council',
    steps: [
      { kind: 'position', seats: ['claude', 'gpt'], reads: 'disputes', names: 'anonymised', concurrency: 2 },
      { kind: 'synthesis', seats: ['claude'], reads: 'positions', names: 'anonymised', concurrency: 1 },
    ],
    letters: { gpt: 'A', grok: 'B', claude: 'C' },
    disputes: { of, claims, round },
  });
}

export const ROUND_1 = disputePlan('p2', 's1', 1);

/** What the host read of each seat's positions in round 1 (their texts say nothing of it: the views never read them). */
export const POSITIONS: Record<'claude' | 'gpt', PositionsReading> = {
  claude: {
    claims: [
      { claim: 0, position: 'disputed', argument: 'It is 41.' },
      { claim: 1, position: 'supported', argument: 'It is plain.' },
    ],
  },
  gpt: {
    claims: [
      { claim: 0, position: 'supported', argument: 'It is 42.' },
      { claim: 1, position: 'supported', argument: '', changed: true, withoutReason: true },
    ],
  },
};

/** The chair's updated ledger after round 1: only "The answer is 42" is still disputed. */
export const ROUND_READING: SynthesisReading = {
  claims: [
    { claim: 'The answer is 42', marks: { gpt: 'supported', claude: 'disputed' } },
    { claim: 'It needs <b>no</b> proof', marks: { gpt: 'supported', claude: 'supported' } },
  ],
  answer: 'Still **42**, mostly.',
};

/**
 * A dispute round's replies, ids prefixed with `prefix`: Claude's and GPT's positions (`{prefix}c`, `{prefix}g`),
 * then the chair's synthesis (`{prefix}s`) with `reading`.
 */
export function roundMessages(plan: TurnPlan, prefix: string, reading: SynthesisReading): ViewMessage[] {
  const step = (index: number) => ({ plan: plan.id, index });
  const block = '```positions\n{"positions": []}\n```';
  return [
    viewMessage({ id: `${prefix}c`, content: `I keep mine.\n\n${block}`, step: step(0), positions: POSITIONS.claude }),
    viewMessage({
      id: `${prefix}g`,
      speaker: 'gpt',
      content: `I agree.\n\n${block}`,
      step: step(0),
      positions: POSITIONS.gpt,
    }),
    viewMessage({ id: `${prefix}s`, content: 'Still 42.', step: step(1), synthesis: reading }),
  ];
}

/** The council and its first dispute round (`d1c`, `d1g`, `d1s`), shown; `busy` while a reply streams. */
export function disputeState(busy = false) {
  return viewState({ thread: { mode: 'council', busy, plans: [COUNCIL, ROUND_1] } }, [
    ...councilMessages(),
    ...roundMessages(ROUND_1, 'd1', ROUND_READING),
  ]);
}

// Compare strategies: a council whose question had one short answer. Claude, GPT and Grok (a seat no longer in the
// settings) all answer, each reply with its usage (GPT's estimated) and timing; Claude and GPT say 42, Grok 41, and
// the synthesis 42. Dispute round 1 then turns the chair to 41 (stated in its answer: its reading holds no vote).

/** The synthesis's reading: a one-claim ledger, and the vote. */
export const VOTE_READING: SynthesisReading = {
  claims: [{ claim: 'The answer is 42', marks: { gpt: 'supported', grok: 'disputed', claude: 'supported' } }],
  answer: 'It is **42**.',
  vote: { answers: { claude: '42', gpt: '42', grok: '41' }, synthesis: '42' },
};

const spent = (inputTokens: number, outputTokens: number, totalMs: number, estimated = false) => ({
  usage: { inputTokens, outputTokens, ...(estimated ? { estimated } : {}) },
  timing: { totalMs },
});

/** The voting council's messages (ids as `councilMessages`'s, and `a3`, `v3`); `reading` is the synthesis's. */
export function voteMessages(reading: SynthesisReading = VOTE_READING): ViewMessage[] {
  const reply = (id: string, speaker: string, index: number, content: string, spend: ReturnType<typeof spent>) =>
    viewMessage({ id, speaker, content, step: step(index), ...spend });
  return [
    viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'What is six times seven?' }),
    reply('a1', 'claude', 0, 'Answer: 42', spent(100, 50, 4_000)),
    reply('a2', 'gpt', 0, 'Answer: 42', spent(120, 60, 6_000, true)),
    reply('a3', 'grok', 0, 'Answer: 41', spent(90, 40, 5_000)),
    reply('v1', 'claude', 1, 'Verdict: B is wrong.', spent(300, 80, 2_000)),
    reply('v2', 'gpt', 1, 'Verdict: B is wrong.', spent(310, 90, 2_500)),
    reply('v3', 'grok', 1, 'Verdict: A is right.', spent(280, 70, 1_500)),
    viewMessage({ id: 's1', content: 'It is **42**.', step: step(2), synthesis: reading, ...spent(900, 200, 3_000) }),
  ];
}

/** Round 1 of Discuss disputes on the voting council (`d1c`, `d1g`, `d1s`), each reply with its usage and timing. */
export function voteRoundMessages(): ViewMessage[] {
  const reading: SynthesisReading = {
    claims: [{ claim: 'The answer is 42', marks: { gpt: 'disputed', claude: 'disputed' } }],
    answer: 'Grok was right.\n\nAnswer: 41',
    // The round's seats stated their answers, so its reading holds a vote, with the chair's own.
    vote: { answers: { claude: '41', gpt: '41' }, synthesis: '41' },
  };
  const spend: Record<string, ReturnType<typeof spent>> = {
    d1c: spent(200, 40, 2_000),
    d1g: spent(210, 45, 3_000),
    d1s: spent(500, 100, 2_500),
  };
  return roundMessages(ROUND_1, 'd1', reading).map((m) => ({ ...m, ...spend[m.id] }));
}

/** The voting council shown, with its dispute round when `round`. */
export function voteState(reading: SynthesisReading = VOTE_READING, round = false) {
  return viewState({ thread: { mode: 'council', plans: round ? [COUNCIL, ROUND_1] : [COUNCIL] } }, [
    ...voteMessages(reading),
    ...(round ? voteRoundMessages() : []),
  ]);
}
