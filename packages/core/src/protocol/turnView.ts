import * as v from 'valibot';
import { count, int, positiveInt } from '../transcript/base';
import { MAX_SHORT_ANSWER_CHARS } from '../transcript/ledgerLimits';
import { DiscussionMode, StepKind } from '../transcript/plan';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
/** A turn has at most as many responders as a message may name targets. */
const responders = v.pipe(v.array(id), v.minLength(1), v.maxLength(32));

/**
 * Where the shown thread's turn stands: while it runs, which step (answers, reviews, the synthesis) of how many, who
 * answers in it in the order their replies take, and who of them is streaming now; after it ended early, the step it
 * stopped in and who still owes a reply there, to offer them their turn; once several participants have answered,
 * the round the discussion is in, to offer another.
 */
export const TurnView = v.variant('state', [
  v.pipe(
    v.strictObject({
      state: v.literal('running'),
      mode: DiscussionMode,
      step: StepKind,
      stepIndex: count,
      stepCount: v.pipe(int, v.minValue(1), v.maxValue(3)),
      responders,
      /** Streaming now (a subset of `responders`). */
      answering: v.pipe(v.array(id), v.maxLength(32)),
      /** Replies of the step already ended. */
      done: count,
      /** The step's replies stream at once. */
      concurrent: v.boolean(),
    }),
    v.check((t) => t.stepIndex < t.stepCount, 'stepIndex must be a step of the turn'),
    v.check((t) => t.answering.every((a) => t.responders.includes(a)), 'answering must be responders'),
  ),
  /** A turn that ended early: who it skipped, and `cutOff` when the window running it stopped (a crash). */
  v.strictObject({
    state: v.literal('stopped'),
    step: StepKind,
    skipped: responders,
    cutOff: v.optional(v.literal(true)),
  }),
  /** Several participants answered the last message: which round this is, of how many another round may reach. */
  v.pipe(
    v.strictObject({
      state: v.literal('answered'),
      speakers: responders,
      round: positiveInt,
      maxRounds: positiveInt,
      mode: DiscussionMode,
      /**
       * The last message's Council ended at its vote (`endedAtVote`): its plan, the answer every seat gave (normal
       * form), how many seats, and the requests its skipped reviews and synthesis would have taken (Review anyway).
       */
      agreed: v.optional(
        v.strictObject({
          plan: id,
          answer: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SHORT_ANSWER_CHARS)),
          seats: v.pipe(int, v.minValue(2), v.maxValue(32)),
          saved: positiveInt,
        }),
      ),
    }),
    v.check((t) => t.speakers.length >= 2, 'a discussion has at least two speakers'),
  ),
]);
export type TurnView = v.InferOutput<typeof TurnView>;
