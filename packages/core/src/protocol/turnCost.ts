import * as v from 'valibot';
import { count } from '../transcript/base';
import { DiscussionMode } from '../transcript/plan';
import { id } from './common';

/**
 * What the message being written would cost if sent now, as the host counts it from the plan the send would run
 * (`estimateTurn`): its mode, the seats that would answer (those that can answer now, past the responder cap), and
 * its requests, each one request to a provider:
 * - `requests`: the whole plan as sent (a Council of three: three answers, three reviews, one synthesis, 7);
 * - `fewest`: when it may end sooner, what it costs then (a Council whose answers all agree ends at the vote);
 * - `most`: when the table may go on without a new message, what it costs at most (Discuss: Another round, up to the
 *   rounds the settings allow).
 * Or `refused`: the message would not be sent, and why.
 */
export const TurnCost = v.variant('kind', [
  v.strictObject({
    kind: v.literal('sends'),
    mode: DiscussionMode,
    seats: v.pipe(v.array(id), v.maxLength(64)),
    requests: count,
    fewest: v.optional(count),
    most: v.optional(count),
    /** How many rounds `most` counts (Discuss). */
    rounds: v.optional(count),
  }),
  v.strictObject({ kind: v.literal('refused'), reason: v.pipe(v.string(), v.maxLength(4000)) }),
]);
export type TurnCost = v.InferOutput<typeof TurnCost>;
