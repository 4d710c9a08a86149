import type { TurnPlan } from '../transcript/plan';
import type { Message } from '../transcript/schema';
import { type DisputeReply, roundSynthesis } from './disputes';
import { tallyOf } from './tally';

// What each way of asking the table would have answered for one Council, from the turn already run: each seat alone,
// the vote of their answers, the synthesis, and the synthesis after its dispute rounds, each with what it cost. Nothing
// is asked again: it is all read from the thread (the vote's normal forms, each reply's usage and timing). `pnpm eval`
// adds the same figures up over a question set.

type Reply = Pick<
  DisputeReply,
  'id' | 'role' | 'speaker' | 'step' | 'alternativeOf' | 'status' | 'content' | 'synthesis'
> &
  Pick<Message, 'usage' | 'timing'>;

/** Tokens and time a strategy spent: tokens added up, time as the user waits (replies at once overlap). */
export interface Spend {
  inputTokens: number;
  outputTokens: number;
  ms: number;
  /** Some of the tokens were estimated (the provider said none). */
  estimated: boolean;
}

export const NO_SPEND: Spend = { inputTokens: 0, outputTokens: 0, ms: 0, estimated: false };

export function addSpend(a: Spend, b: Spend): Spend {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    ms: a.ms + b.ms,
    estimated: a.estimated || b.estimated,
  };
}

/** What `replies` of one step cost: at once (`concurrency` over 1), their longest time; else their times added. */
export function spendOf(replies: readonly Pick<Message, 'usage' | 'timing'>[], concurrency: number): Spend {
  const times = replies.map((m) => m.timing?.totalMs ?? 0);
  return {
    inputTokens: replies.reduce((n, m) => n + (m.usage?.inputTokens ?? 0), 0),
    outputTokens: replies.reduce((n, m) => n + (m.usage?.outputTokens ?? 0), 0),
    ms: concurrency > 1 ? Math.max(0, ...times) : times.reduce((a, b) => a + b, 0),
    estimated: replies.some((m) => m.usage?.estimated === true),
  };
}

/** The replies of one step of a plan (originals, not deleted), in the order they are stored. */
export function stepReplies<T extends Pick<Message, 'step' | 'alternativeOf' | 'status'>>(
  messages: readonly T[],
  plan: TurnPlan,
  index: number,
): T[] {
  return messages.filter(
    (m) =>
      m.step?.plan === plan.id && m.step.index === index && m.alternativeOf === undefined && m.status !== 'deleted',
  );
}

/** What a whole plan's replies cost, step after step. */
export function planSpend(
  messages: readonly Pick<Message, 'step' | 'alternativeOf' | 'status' | 'usage' | 'timing'>[],
  plan: TurnPlan,
): Spend {
  return plan.steps.reduce(
    (sum, step, i) => addSpend(sum, spendOf(stepReplies(messages, plan, i), step.concurrency)),
    NO_SPEND,
  );
}

/** One strategy's answer (a short answer's normal form; undefined when it gave none) and its cost. */
export interface StrategyRow {
  /** `seat` rows name their seat; the others are `vote`, `synthesis` and `disputes`. */
  kind: 'seat' | 'vote' | 'synthesis' | 'disputes';
  seat?: string;
  answer: string | undefined;
  spend: Spend;
  /** The vote: how many seats gave its answer, of how many that gave one. */
  votes?: { for: number; of: number };
  /** After dispute rounds: how many ran. */
  rounds?: number;
}

/**
 * The strategies side by side for the Council whose synthesis is `synthesis`, when its question had a short answer (its
 * reading holds a vote); undefined otherwise. Seats in the order the plan's first step seated them.
 */
export function compareStrategies(
  synthesis: Reply,
  thread: { messages: readonly Reply[]; plans: readonly TurnPlan[] },
): StrategyRow[] | undefined {
  const plan = synthesis.step && thread.plans.find((p) => p.id === synthesis.step?.plan);
  const vote = synthesis.synthesis?.vote;
  if (plan?.kind !== 'message' || !vote) return undefined;
  const answers = stepReplies(thread.messages, plan, 0);
  const seats = (plan.steps[0]?.seats ?? []).filter((s) => answers.some((m) => m.speaker === s));
  const tally = tallyOf(vote, seats);
  const planCost = planSpend(thread.messages, plan);
  const rows: StrategyRow[] = [
    ...seats.map(
      (seat): StrategyRow => ({
        kind: 'seat',
        seat,
        answer: vote.answers[seat],
        spend: spendOf(
          answers.filter((m) => m.speaker === seat),
          1,
        ),
      }),
    ),
    {
      kind: 'vote',
      answer: tally.majority,
      spend: spendOf(answers, plan.steps[0]?.concurrency ?? 1),
      votes: { for: tally.groups[0]?.seats.length ?? 0, of: tally.voters },
    },
    { kind: 'synthesis', answer: vote.synthesis, spend: planCost },
  ];
  const rounds: TurnPlan[] = [];
  for (let of = synthesis.id; ; ) {
    const next = thread.plans.find((p) => p.disputes?.of === of);
    const last = next && roundSynthesis(thread, next);
    if (!next || !last) break;
    rounds.push(next);
    of = last.id;
  }
  const last = rounds.at(-1);
  if (last) {
    const spend = rounds.reduce((sum, p) => addSpend(sum, planSpend(thread.messages, p)), planCost);
    // The round's chair's answer, as its reading recorded it (a round's seats state theirs, so it has a vote).
    const answer = roundSynthesis(thread, last)?.synthesis?.vote?.synthesis;
    rows.push({ kind: 'disputes', answer, spend, rounds: rounds.length });
  }
  return rows;
}
