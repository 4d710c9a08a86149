import * as z from 'zod/mini';
import { DiscussionMode, StepKind } from '../transcript/plan';

const id = z.string().check(z.minLength(1), z.maxLength(200));
/** A turn has at most as many responders as a message may name targets. */
const responders = z.array(id).check(z.minLength(1), z.maxLength(32));

/**
 * Where the shown thread's turn stands: while it runs, which step (answers, reviews, the synthesis) of how many, who
 * answers in it in the order their replies take, and who of them is streaming now; after it ended early, the step it
 * stopped in and who still owes a reply there, to offer them their turn; once several participants have answered,
 * the round the discussion is in, to offer another.
 */
export const TurnView = z.discriminatedUnion('state', [
  z
    .strictObject({
      state: z.literal('running'),
      mode: DiscussionMode,
      step: StepKind,
      stepIndex: z.int().check(z.nonnegative()),
      stepCount: z.int().check(z.positive(), z.lte(3)),
      responders,
      /** Streaming now (a subset of `responders`). */
      answering: z.array(id).check(z.maxLength(32)),
      /** Replies of the step already ended. */
      done: z.int().check(z.nonnegative()),
      /** The step's replies stream at once. */
      concurrent: z.boolean(),
    })
    .check(
      z.refine((t) => t.stepIndex < t.stepCount, 'stepIndex must be a step of the turn'),
      z.refine((t) => t.answering.every((a) => t.responders.includes(a)), 'answering must be responders'),
    ),
  z.strictObject({ state: z.literal('stopped'), step: StepKind, skipped: responders }),
  /** Several participants answered the last message: which round this is, of how many another round may reach. */
  z
    .strictObject({
      state: z.literal('answered'),
      speakers: responders,
      round: z.int().check(z.positive()),
      maxRounds: z.int().check(z.positive()),
      mode: DiscussionMode,
    })
    .check(z.refine((t) => t.speakers.length >= 2, 'a discussion has at least two speakers')),
]);
export type TurnView = z.infer<typeof TurnView>;
