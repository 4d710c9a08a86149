import * as v from 'valibot';
import { int, isoDateTime, ParticipantId, positiveInt, RecordId } from './base';
import { MAX_CLAIM_CHARS, MAX_LEDGER_CLAIMS } from './ledgerLimits';

/**
 * How a thread's seats take a message that several of them answer, chosen per thread:
 * - `discuss`: one after another, each reading everything said before it (the shared transcript);
 * - `independent`: all at once, each blind to the others' answers to this message;
 * - `council`: independent answers, then an anonymous cross-review, then a synthesis by the chair.
 */
export const DiscussionMode = v.picklist(['discuss', 'independent', 'council']);
export type DiscussionMode = v.InferOutput<typeof DiscussionMode>;

/** In Discuss, who speaks first: table order, the next seat each turn, or a shuffle (recorded on the plan). */
export const SpeakingOrder = v.picklist(['seat', 'rotating', 'random']);
export type SpeakingOrder = v.InferOutput<typeof SpeakingOrder>;

/**
 * What a step's replies are: answers to the question, reviews of answers, the chair's synthesis, or each seat's
 * position on the claims a dispute round argues.
 */
export const StepKind = v.picklist(['answer', 'review', 'synthesis', 'position']);
export type StepKind = v.InferOutput<typeof StepKind>;

/**
 * What a seat of a step may read (the visibility rule; `visibleTo` applies it):
 * - `all`: everything before its place in the conversation;
 * - `blind`: the thread up to and including the turn's question, none of the replies to it;
 * - `earlier`: everything before its place except the replies of its own plan (a reveal round reads every earlier
 *   answer, none of its own round's);
 * - `peers`: `blind`, then the other seats' answers of the plan's first step (a cross-review);
 * - `council`: `blind`, then every answer of the first step and every review of the second (the synthesis);
 * - `target`: the reviewed reply's question and the reviewed reply (a review asked for on one reply);
 * - `disputes`: `blind`; its prompt then holds only the disputed claims and each side's arguments (a dispute round);
 * - `positions`: `blind`, then every position of the plan's first step (the chair of a dispute round).
 */
export const StepReads = v.picklist(['all', 'blind', 'earlier', 'peers', 'council', 'target', 'disputes', 'positions']);
export type StepReads = v.InferOutput<typeof StepReads>;

/** Whether the replies a step reads carry their speakers' names, or neutral labels ("Response A"). */
export const StepNames = v.picklist(['labelled', 'anonymised']);
export type StepNames = v.InferOutput<typeof StepNames>;

/** The most seats one step may hold (the table's limit). */
export const MAX_STEP_SEATS = 16;

const Seats = v.pipe(v.array(ParticipantId), v.minLength(1), v.maxLength(MAX_STEP_SEATS));

/** A neutral label's letter: `A` for "Response A". */
export const Letter = v.pipe(v.string(), v.regex(/^[A-P]$/, 'must be one capital letter from A to P'));

/** The side a seat is asked to argue in a Council's first step: for, against, or weighing both (`neutral`). */
export const Stance = v.picklist(['for', 'against', 'neutral']);
export type Stance = v.InferOutput<typeof Stance>;

/** One step of a turn: who answers, what each may read and under which names, and how many stream at once. */
export const PlanStep = v.strictObject({
  kind: StepKind,
  /** In the order their replies take in the transcript. */
  seats: Seats,
  reads: StepReads,
  names: StepNames,
  /** How many of its seats stream at once: 1 is one after another. */
  concurrency: v.pipe(int, v.minValue(1), v.maxValue(MAX_STEP_SEATS)),
  /**
   * Anonymised steps: for each seat, the order it reads the responses in (by the answering seat's id), shuffled per
   * reader so no response always comes first.
   */
  orders: v.optional(v.record(ParticipantId, Seats)),
  /** A Council's first step with stances: the side each seat argues (a seat with none answers as it would). */
  stances: v.optional(v.record(ParticipantId, Stance)),
});
export type PlanStep = v.InferOutput<typeof PlanStep>;

/**
 * What made the plan: a user message, "Another round", "Ask the table to review" on one reply, or a round of Discuss
 * disputes (a council's disputed claims argued again).
 */
export const PlanKind = v.picklist(['message', 'round', 'review', 'disputes']);
export type PlanKind = v.InferOutput<typeof PlanKind>;

/**
 * What a dispute round argues: the claims a synthesis's ledger disputed (`of`: that synthesis, a council's or the
 * previous round's), as they were worded then, and which round of disputes it is (from 1).
 */
export const DisputedClaims = v.strictObject({
  of: RecordId,
  claims: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_CLAIM_CHARS))),
    v.minLength(1),
    v.maxLength(MAX_LEDGER_CLAIMS),
  ),
  round: positiveInt,
});
export type DisputedClaims = v.InferOutput<typeof DisputedClaims>;

/**
 * A turn, as data: the steps it runs and each step's visibility rule. Stored in the thread (immutable once made)
 * so a reload, an export and the prompt inspector know what each reply was allowed to read. Replies name their
 * step (`StepRef`); retries and alternatives keep the step of the reply they re-run or answer beside.
 */
export const TurnPlan = v.strictObject({
  id: RecordId,
  createdAt: isoDateTime,
  kind: PlanKind,
  mode: DiscussionMode,
  /** The user message this turn answers. */
  question: RecordId,
  /** The reply a review plan reviews. */
  target: v.optional(RecordId),
  /** Which round of the discussion of `question` this plan is (reviews keep the round they review). */
  round: positiveInt,
  /** How the first step's seats were ordered (Discuss). */
  order: v.optional(SpeakingOrder),
  steps: v.pipe(v.array(PlanStep), v.minLength(1), v.maxLength(3)),
  /** Anonymised plans: each reviewed seat's neutral letter; the panel maps them back to names. */
  letters: v.optional(v.record(ParticipantId, Letter)),
  /**
   * Anonymised plans: the names every seat at the table went by when the plan was made (display name, aliases, model
   * id, provider), by seat id: what its anonymised steps scrub, whatever a seat is called by the time they run.
   */
  seatNames: v.optional(
    v.record(ParticipantId, v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(16))),
  ),
  /** A dispute round: the claims it argues (only such a plan has them). */
  disputes: v.optional(DisputedClaims),
});
export type TurnPlan = v.InferOutput<typeof TurnPlan>;

/** A plan as a builder makes it; the store stamps its `createdAt` when it joins the thread. */
export type PlanDraft = Omit<TurnPlan, 'createdAt'>;

/** A reply's place in a plan. */
export const StepRef = v.strictObject({ plan: RecordId, index: v.pipe(int, v.minValue(0), v.maxValue(2)) });
export type StepRef = v.InferOutput<typeof StepRef>;
