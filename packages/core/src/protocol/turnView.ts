import * as z from 'zod/mini';

const id = z.string().check(z.minLength(1), z.maxLength(200));
/** A turn has at most as many responders as a message may name targets. */
const responders = z.array(id).check(z.minLength(1), z.maxLength(32));

/**
 * Where the shown thread's turn stands: while it runs, who answers in what order and which of them is answering
 * (`current` indexes `responders`); after it ended early, who never got to answer, to offer them their turn; once
 * several participants have answered, the round the discussion is in, to offer another.
 */
export const TurnView = z.discriminatedUnion('state', [
  z
    .strictObject({ state: z.literal('running'), responders, current: z.int().check(z.nonnegative()) })
    .check(z.refine((t) => t.current < t.responders.length, 'current must index responders')),
  z.strictObject({ state: z.literal('stopped'), skipped: responders }),
  /** Several participants answered the last message: which round this is, of how many another round may reach. */
  z
    .strictObject({
      state: z.literal('answered'),
      speakers: responders,
      round: z.int().check(z.positive()),
      maxRounds: z.int().check(z.positive()),
    })
    .check(z.refine((t) => t.speakers.length >= 2, 'a discussion has at least two speakers')),
]);
export type TurnView = z.infer<typeof TurnView>;
