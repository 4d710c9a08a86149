import * as v from 'valibot';
import { count, ParticipantId } from '../transcript/base';

/** What one seat spent in one window of time: replies that reached its provider, and their tokens. */
export const SpendWindow = v.strictObject({
  requests: count,
  inputTokens: count,
  outputTokens: count,
  /** Some of the tokens were estimated (the provider reported none for some replies). */
  estimated: v.optional(v.literal(true)),
});
export type SpendWindow = v.InferOutput<typeof SpendWindow>;

/** What one seat spent today (the user's calendar day) and in the last 5 hours, over every thread. */
export const SeatSpend = v.strictObject({ today: SpendWindow, last5h: SpendWindow });
export type SeatSpend = v.InferOutput<typeof SeatSpend>;

/** Seats that spent anything in either window, by participant id; a seat absent here spent nothing in them. */
export const SeatSpending = v.pipe(
  v.record(ParticipantId, SeatSpend),
  v.check((seats) => Object.keys(seats).length <= 64, 'at most 64 seats'),
);
export type SeatSpending = v.InferOutput<typeof SeatSpending>;
