import type { ParticipantConfig } from '../participants/participant';
import { absenceClause, fixOf } from '../protocol/absenceWords';
import { type AbsentSeatView, isAbsent } from '../protocol/absentSeat';
import type { SeatMap } from '../protocol/proxyStatus';
import { type IntentResult, refuse } from './result';

/** A seat left out of a turn until it is fixed, and why (its state as the host's seat map says). */
export interface AbsentSeat {
  id: string;
  seat: AbsentSeatView;
}

/**
 * The seats a turn would ask, split into those that can answer now and those that cannot (they need a login, cannot
 * be reached, or are benched by a limit until a time still ahead of `now`), each once, in the order given. Nothing
 * known holds nothing: a seat the map does not list answers. A paused seat with no stated time answers too: its
 * pause may end at any moment.
 */
export function splitSeats(
  seatIds: readonly string[],
  table: { seatMap(): SeatMap },
  now: number = Date.now(),
): { answering: string[]; absent: AbsentSeat[] } {
  const seats = table.seatMap();
  const answering: string[] = [];
  const absent: AbsentSeat[] = [];
  for (const id of new Set(seatIds)) {
    const seat = seats[id];
    if (isAbsent(seat, now)) absent.push({ id, seat });
    else answering.push(id);
  }
  return { answering, absent };
}

/**
 * The refusal of a request that no seat it would ask can answer now: it names each of them with why (a benched one
 * with when it is back), and offers the fix of the first that has one (Sign in, Install, Update, Enable, Settings).
 * Nothing is stored or sent.
 */
export function refuseAbsent(
  absent: readonly AbsentSeat[],
  table: { readonly participants: readonly ParticipantConfig[] },
  what = 'Not sent',
  now: number = Date.now(),
): IntentResult {
  const name = (id: string) => table.participants.find((p) => p.id === id)?.displayName ?? id;
  const clauses = absent.map((a) => absenceClause(name(a.id), a.seat, now));
  const fixable = absent.find((a) => fixOf(a.seat) !== undefined);
  const fix = fixable ? fixOf(fixable.seat) : undefined;
  return refuse(
    `${what}: ${clauses.join('; ')}.`,
    fixable && fix ? { kind: fix, participantId: fixable.id } : undefined,
  );
}
