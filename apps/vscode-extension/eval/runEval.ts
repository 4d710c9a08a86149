import { roundSynthesis } from '@roundtable/core/council/disputes';
import { disputesOffered } from '@roundtable/core/council/disputeText';
import { addSpend, NO_SPEND, planSpend, type Spend, spendOf, stepReplies } from '@roundtable/core/council/strategies';
import { tallyOf } from '@roundtable/core/council/tally';
import { unanimousVote } from '@roundtable/core/council/unanimous';
import { Orchestrator } from '@roundtable/core/orchestrator/Orchestrator';
import type { ChatBackend } from '@roundtable/core/orchestrator/ports';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '@roundtable/core/orchestrator/settings';
import type { ParticipantConfig } from '@roundtable/core/participants/participant';
import { silentLogger, systemClock } from '@roundtable/core/ports';
import { MemoryThreadRepository } from '@roundtable/core/testing';
import type { TurnPlan } from '@roundtable/core/transcript/plan';
import type { Message } from '@roundtable/core/transcript/schema';
import { answerIn } from './answers';
import type { EvalQuestion } from './evalSets';
import { type StepFormat, stepFormats } from './formats';

/** Tokens and time a strategy spent (core's `Spend`: tokens added up, replies at once overlapping in time). */
export type Cost = Spend;

/** What one question's run gave: each strategy's short answer (normal form; undefined: none) and its cost. */
export interface QuestionRun {
  id: string;
  seats: Record<string, { answer: string | undefined; cost: Cost }>;
  vote: { answer: string | undefined; cost: Cost };
  council: { answer: string | undefined; cost: Cost };
  /**
   * Skip when unanimous (`roundtable.council.skipWhenUnanimous`): the vote when every seat stated the same short
   * answer (the Council would have ended there: its answers' cost, and the requests its reviews and synthesis would
   * have taken saved), else the synthesis (the whole Council's cost).
   */
  skipWhenUnanimous: { answer: string | undefined; cost: Cost; skipped: boolean; requestsSaved: number };
  disputes: { answer: string | undefined; cost: Cost; rounds: number };
  /** Each seat's answer after each dispute round (from its positions), for who changed and how. */
  positions: Record<string, (string | undefined)[]>;
  /** Positions marked "changed without a reason" in its dispute rounds. */
  changedWithoutReason: number;
  /** Which seat each response letter stood for in the council (its plan's letters, by letter). */
  letters: Record<string, string>;
  /** Every reply the council and its dispute rounds asked for: whether its format was read, else why not. */
  formats: StepFormat[];
  /** Why it could not be run (the message was refused), when it could not. */
  error?: string;
}

export interface EvalRun {
  questions: readonly EvalQuestion[];
  participants: ParticipantConfig[];
  chat: ChatBackend;
  maxDisputeRounds: number;
  /** Told as each question ends (progress on stderr). */
  onQuestion?: (run: QuestionRun, index: number) => void;
  /** Given each question's thread as it ended, before it is let go (`pnpm corpus` writes its replies out). */
  onThread?: (question: EvalQuestion, thread: EvalThread) => void;
}

/** A question's thread as its run left it: every message, and its plans (the Council, then its dispute rounds). */
export interface EvalThread {
  messages: readonly Message[];
  plans: readonly TurnPlan[];
}

const NO_COST: Cost = NO_SPEND;

/**
 * Runs each question through the real pipeline, in a thread of its own: a Council of every seat (its plan, prompts,
 * anonymised reviews, the chair's synthesis and its ledger and vote read as the extension reads them), then, when the
 * synthesis disputes something, Discuss disputes until its rounds stop. Each strategy's answer is read from the same
 * turn: each seat alone (its first answer), the vote of those answers, the synthesis, skipping when unanimous (the vote
 * when every seat stated the same short answer, else the synthesis), and the last dispute round's.
 */
export async function runEval(run: EvalRun): Promise<QuestionRun[]> {
  let n = 0;
  const orchestrator = new Orchestrator({
    repository: new MemoryThreadRepository(),
    chat: run.chat,
    clock: systemClock,
    // Ids in order, so the council's letters (shuffled from its plan's id) are the same from run to run.
    ids: { next: () => `eval-${++n}` },
    logger: { ...silentLogger, error: (m) => void process.stderr.write(`${m}\n`) },
    settings: {
      ...DEFAULT_ORCHESTRATOR_SETTINGS,
      participants: run.participants,
      maxRespondersPerTurn: run.participants.length,
      maxConcurrent: run.participants.length,
      maxDisputeRounds: run.maxDisputeRounds,
      // Every Council runs whole, so the synthesis is measured on every question; what skipping when unanimous would
      // have answered and spent is read from the same turn (`skipWhenUnanimous` below).
      skipWhenUnanimous: false,
    },
  });
  const runs: QuestionRun[] = [];
  try {
    for (const [index, question] of run.questions.entries()) {
      const result = await runQuestion(orchestrator, question, run.onThread);
      runs.push(result);
      run.onQuestion?.(result, index);
    }
  } finally {
    orchestrator.dispose();
  }
  return runs;
}

async function runQuestion(
  orchestrator: Orchestrator,
  question: EvalQuestion,
  onThread: EvalRun['onThread'],
): Promise<QuestionRun> {
  const lease = await orchestrator.newThread();
  const t = lease.threadId;
  try {
    orchestrator.setMode(t, 'council');
    const sent = await orchestrator.send(t, `@all ${question.question}`);
    if (!sent.ok) return failed(question.id, sent.reason);
    await orchestrator.runner.whenIdle(t);
    const thread = () => {
      const transcript = orchestrator.store.transcript(t);
      return { messages: transcript?.messages ?? [], plans: transcript?.plans ?? [] };
    };
    const council = thread().plans.find((p) => p.kind === 'message');
    if (!council) return failed(question.id, 'no council ran');
    const answers = stepReplies(thread().messages, council, 0);
    const seats = Object.fromEntries(
      answers.map((m) => [m.speaker, { answer: answerIn(m.content), cost: spendOf([m], 1) }]),
    );
    const voted = Object.fromEntries(
      Object.entries(seats).flatMap(([seat, s]) => (s.answer === undefined ? [] : [[seat, s.answer]])),
    );
    const vote = {
      answer: tallyOf({ answers: voted }).majority,
      cost: spendOf(answers, council.steps[0]?.concurrency ?? 1),
    };
    const synthesis = roundSynthesis(thread(), council) as Message | undefined;
    const councilCost = planSpend(thread().messages, council);
    const councilAnswer = synthesis ? answerIn(synthesis.content) : undefined;
    // The rule the extension applies (`unanimousVote`): the same stated short answer from every seat.
    const agreed = unanimousVote(council, thread().messages);
    const skipWhenUnanimous = agreed
      ? { answer: agreed.answer, cost: vote.cost, skipped: true, requestsSaved: agreed.saved }
      : { answer: councilAnswer, cost: councilCost, skipped: false, requestsSaved: 0 };
    let disputes = { answer: councilAnswer, cost: councilCost, rounds: 0 };
    const positions: Record<string, (string | undefined)[]> = {};
    let changedWithoutReason = 0;
    if (synthesis && disputesOffered(synthesis, thread()) > 0) {
      const started = await orchestrator.discussDisputes(t, synthesis.id);
      if (started.ok) await orchestrator.runner.whenIdle(t);
      const rounds = thread().plans.filter((p) => p.kind === 'disputes');
      const last = rounds.at(-1);
      const lastSynthesis = last ? roundSynthesis(thread(), last) : undefined;
      const cost = rounds.reduce((sum, p) => addSpend(sum, planSpend(thread().messages, p)), councilCost);
      disputes = {
        answer: lastSynthesis ? answerIn(lastSynthesis.content) : councilAnswer,
        cost,
        rounds: rounds.length,
      };
      for (const round of rounds) {
        for (const reply of stepReplies(thread().messages, round, 0)) {
          // The answer it holds now, as its position states it (asked for when the question has a short one).
          const taken = positions[reply.speaker] ?? [];
          taken.push(answerIn(reply.content));
          positions[reply.speaker] = taken;
          changedWithoutReason += (reply.positions?.claims ?? []).filter((c) => c.withoutReason).length;
        }
      }
    }
    const plans = [council, ...thread().plans.filter((p) => p.kind === 'disputes')];
    onThread?.(question, { messages: thread().messages, plans });
    return {
      id: question.id,
      seats,
      vote,
      council: { answer: councilAnswer, cost: councilCost },
      skipWhenUnanimous,
      disputes,
      positions,
      changedWithoutReason,
      letters: Object.fromEntries(Object.entries(council.letters ?? {}).map(([seat, letter]) => [letter, seat])),
      formats: stepFormats(thread().messages, plans),
    };
  } finally {
    lease.dispose();
  }
}

function failed(id: string, error: string): QuestionRun {
  const none = { answer: undefined, cost: NO_COST };
  return {
    id,
    seats: {},
    vote: none,
    council: none,
    skipWhenUnanimous: { ...none, skipped: false, requestsSaved: 0 },
    disputes: { ...none, rounds: 0 },
    positions: {},
    changedWithoutReason: 0,
    letters: {},
    formats: [],
    error,
  };
}

export const add = addSpend;
