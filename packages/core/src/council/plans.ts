import { shuffled } from '../base/seededRandom';
import type { OrchestratorSettings } from '../orchestrator/settings';
import { isRoutable } from '../participants/participant';
import type { DiscussionMode, PlanDraft, PlanStep, SpeakingOrder, Stance, TurnPlan } from '../transcript/plan';
import { recordSeatNames } from './seatNames';

export type { PlanDraft } from '../transcript/plan';

type PlanSettings = Pick<OrchestratorSettings, 'participants' | 'speakingOrder' | 'maxConcurrent' | 'chair'> &
  Partial<Pick<OrchestratorSettings, 'anonymiseReviews'>>;

const LETTERS = 'ABCDEFGHIJKLMNOP';

export interface MessagePlanInput {
  id: string;
  /** The user message the turn answers. */
  question: string;
  mode: DiscussionMode;
  /** Who answers, as the router decided (mention order, or table order). */
  seats: readonly string[];
  /** The router's seats came in an order the user chose (mentions): Discuss keeps it whatever the setting. */
  ordered: boolean;
  /** The first seat of the previous message plan of the thread (for the rotating order). */
  previousFirst?: string | undefined;
  settings: PlanSettings;
  /** Whether the chair of the settings can answer now (a chair that needs a login does not chair); routable only. */
  canChair?: (seat: string) => boolean;
  /** A Council with stances: one seat argues for, one against, the others weigh both (`stancesFor`). */
  stances?: boolean;
}

/**
 * The plan of a user message, by the thread's mode (pure: the same input, the same plan, in every window):
 * - Discuss: one step, one seat after another, each reading everything before it; the order is the user's (mentions)
 *   or the setting's (table order, rotating after the previous turn's first seat, or a shuffle seeded by the plan id);
 * - Independent: one step, every seat blind to the others' answers, `maxConcurrent` at once, in table order;
 * - Council (two seats or more): Independent, then each seat reviews the others' answers under neutral letters
 *   (letters and each reader's order shuffled from the plan id), then the chair's synthesis of answers and reviews;
 *   every seat's names are recorded with it (`seatNames`), so its anonymised steps scrub the names of when it was made;
 *   with `stances`, its answers argue the sides `stancesFor` gives them.
 */
export function planForMessage(input: MessagePlanInput): PlanDraft {
  const { id, question, mode, settings } = input;
  const base = { id, kind: 'message' as const, mode, question, round: 1 };
  if (mode === 'discuss') {
    const order: SpeakingOrder = input.ordered ? 'seat' : settings.speakingOrder;
    const seats = input.ordered ? [...input.seats] : speakingOrder(input.seats, order, id, input.previousFirst);
    return { ...base, order, steps: [answerStep(seats, 'all', 1)] };
  }
  const seats = inTableOrder(input.seats, settings);
  const answers = answerStep(seats, 'blind', settings.maxConcurrent);
  if (mode === 'independent' || seats.length < 2) return { ...base, steps: [answers] };
  const letters = Object.fromEntries(shuffled(seats, `${id}:letters`).map((seat, i) => [seat, LETTERS[i] as string]));
  const readerOrder = (reader: string, of: readonly string[]) => shuffled(of, `${id}:${reader}`);
  const chair = chairOf(seats, settings, input.canChair);
  return {
    ...base,
    steps: [
      input.stances ? { ...answers, stances: stancesFor(seats, id) } : answers,
      {
        kind: 'review',
        seats,
        reads: 'peers',
        names: 'anonymised',
        concurrency: Math.min(settings.maxConcurrent, seats.length),
        orders: Object.fromEntries(
          seats.map((s) => [
            s,
            readerOrder(
              s,
              seats.filter((o) => o !== s),
            ),
          ]),
        ),
      },
      {
        kind: 'synthesis',
        seats: [chair],
        reads: 'council',
        names: 'anonymised',
        concurrency: 1,
        orders: { [chair]: readerOrder(chair, seats) },
      },
    ],
    letters,
    seatNames: recordSeatNames(settings.participants),
  };
}

/**
 * The sides of a Council with stances: one seat argues for, one against, every other weighs both; which seat gets
 * which is shuffled from the plan id (so it is the same in every window, and no seat always argues for).
 */
export function stancesFor(seats: readonly string[], id: string): Record<string, Stance> {
  const sides: Stance[] = ['for', 'against'];
  return Object.fromEntries(shuffled(seats, `${id}:stances`).map((seat, i) => [seat, sides[i] ?? 'neutral']));
}

/**
 * Another round of the discussion of `question`: the same seats answer again. After Discuss, one after another, each
 * reading everything; after Independent or Council, a reveal round: all at once, each reading every earlier answer
 * (under names) and none of this round's, so each may revise in the light of the others.
 */
export function planForRound(input: {
  id: string;
  question: string;
  mode: DiscussionMode;
  seats: readonly string[];
  round: number;
  settings: PlanSettings;
}): PlanDraft {
  const { id, question, mode, round, settings } = input;
  const base = { id, kind: 'round' as const, mode, question, round };
  if (mode === 'discuss') return { ...base, order: 'seat', steps: [answerStep([...input.seats], 'all', 1)] };
  return { ...base, steps: [answerStep(inTableOrder(input.seats, settings), 'earlier', settings.maxConcurrent)] };
}

/**
 * "Ask the table to review" one reply: each reviewer reads the reply's question and the reply (as Response A when
 * anonymised, the default) and writes a review that opens with a one-line verdict; all at once, `maxConcurrent` at a
 * time. The reviews sit under the reply.
 */
export function planForReview(input: {
  id: string;
  question: string;
  target: { id: string; speaker: string };
  mode: DiscussionMode;
  round: number;
  reviewers: readonly string[];
  settings: PlanSettings;
}): PlanDraft {
  const { id, question, target, settings } = input;
  const anonymised = settings.anonymiseReviews ?? true;
  const reviewers = inTableOrder(input.reviewers, settings);
  return {
    id,
    kind: 'review',
    mode: input.mode,
    question,
    target: target.id,
    round: input.round,
    steps: [
      {
        kind: 'review',
        seats: reviewers,
        reads: 'target',
        names: anonymised ? 'anonymised' : 'labelled',
        concurrency: Math.min(settings.maxConcurrent, reviewers.length),
      },
    ],
    ...(anonymised ? { letters: { [target.speaker]: 'A' }, seatNames: recordSeatNames(settings.participants) } : {}),
  };
}

/**
 * A round of Discuss disputes: every seat that answered takes its position again on the claims still disputed, all at
 * once, reading only those claims and the arguments on each side (`disputes`); then the chair updates the answer and
 * the ledger of those claims from their positions (`positions`). Both anonymised under the council's letters, so the
 * ledger's columns stay the same from round to round.
 */
export function planForDisputes(input: {
  id: string;
  question: string;
  /** The synthesis whose ledger disputes the claims (the council's, or the previous round's). */
  of: string;
  claims: readonly string[];
  /** Which round of disputes (from 1). */
  disputeRound: number;
  /** The round of the discussion of `question` it argues (the council's: a dispute round is no new round of answers). */
  round: number;
  seats: readonly string[];
  chair: string;
  letters: Readonly<Record<string, string>>;
  seatNames?: TurnPlan['seatNames'];
  settings: PlanSettings;
}): PlanDraft {
  const { id, settings, chair } = input;
  const seats = inTableOrder(input.seats, settings);
  return {
    id,
    kind: 'disputes',
    mode: 'council',
    question: input.question,
    round: input.round,
    steps: [
      {
        kind: 'position',
        seats,
        reads: 'disputes',
        names: 'anonymised',
        concurrency: Math.max(1, Math.min(settings.maxConcurrent, seats.length)),
      },
      {
        kind: 'synthesis',
        seats: [chair],
        reads: 'positions',
        names: 'anonymised',
        concurrency: 1,
        orders: { [chair]: shuffled(seats, `${id}:${chair}`) },
      },
    ],
    letters: { ...input.letters },
    ...(input.seatNames ? { seatNames: input.seatNames } : {}),
    disputes: { of: input.of, claims: [...input.claims], round: input.disputeRound },
  };
}

function answerStep(seats: string[], reads: 'all' | 'blind' | 'earlier', concurrency: number): PlanStep {
  return {
    kind: 'answer',
    seats,
    reads,
    names: 'labelled',
    concurrency: Math.max(1, Math.min(concurrency, seats.length)),
  };
}

/** The seats in the order they sit at the table (seats no longer at the table keep their place at the end). */
function inTableOrder(seats: readonly string[], settings: PlanSettings): string[] {
  const at = (id: string) => {
    const i = settings.participants.findIndex((p) => p.id === id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...seats].sort((a, b) => at(a) - at(b));
}

/** Discuss: table order; rotating (the seat after the previous turn's first speaker goes first); or a shuffle. */
function speakingOrder(
  seats: readonly string[],
  order: SpeakingOrder,
  seed: string,
  previousFirst: string | undefined,
): string[] {
  if (order === 'random') return shuffled(seats, seed);
  if (order === 'seat' || previousFirst === undefined) return [...seats];
  const after = seats.indexOf(previousFirst) + 1;
  return [...seats.slice(after), ...seats.slice(0, after)];
}

/**
 * The chair: the setting's seat when it can answer now (it may chair a turn it did not answer, reading every answer
 * as a judge would), else the turn's first seat.
 */
function chairOf(
  seats: readonly string[],
  settings: PlanSettings,
  canChair: (seat: string) => boolean = () => true,
): string {
  const chair = settings.participants.find((p) => p.id === settings.chair);
  return chair && isRoutable(chair) && canChair(chair.id) ? chair.id : (seats[0] as string);
}
