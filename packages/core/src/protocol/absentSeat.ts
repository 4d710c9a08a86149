import type { SeatView } from './proxyStatus';

// Which seats cannot answer: a pure rule over the seat map, with no schema, so the turns' code and the page read it
// without the protocol's validators. What fixes such a seat, and how it is said, is `absenceWords.ts` (loaded by what
// says it: a refusal, the page), so a window's first state carries the rule alone.

/** A seat cooling until a stated time: absent while that time is ahead. */
export type BenchedSeatView = Extract<SeatView, { kind: 'cooling' }> & { until: number };

/** A seat left out of turns: until it is fixed, or (cooling) until its stated time. */
export type AbsentSeatView = Extract<SeatView, { kind: 'needs-login' | 'unavailable' }> | BenchedSeatView;

/**
 * Whether a seat in this state is left out of the turns that would ask it: one that needs a login or cannot be
 * reached, or one cooling until a time still ahead of `now`. A cooling seat with no stated time answers (its pause
 * may end at any moment, and the proxy answers it at once, with the time).
 */
export function isAbsent(seat: SeatView | undefined, now: number = Date.now()): seat is AbsentSeatView {
  if (seat === undefined) return false;
  if (seat.kind === 'cooling') return seat.until !== undefined && seat.until > now;
  return true;
}
