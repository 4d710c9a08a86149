import { describeSeatSpend } from '@roundtable/core/present';
import type { SeatSpending } from '@roundtable/core/protocol';

/** What each of `seats` spent today and in the last 5 hours, one line each in their order (`describeSeatSpend`). */
export function seatSpendLines(
  seats: readonly { id: string; displayName: string }[],
  spending: SeatSpending,
): string[] {
  return seats.map((p) => describeSeatSpend(p.displayName, spending[p.id]));
}
