import type { SeatMap, SeatView } from '../protocol/proxyStatus';
import type { Bench } from './benchFor';

/**
 * The seat map the views and turns read: the sources' map with the benched seats put in (pure).
 * - A seat a source says needs a login or cannot be reached keeps that: its fix is what helps, and it is absent anyway.
 * - A benched seat a source lists as paused keeps the source's Reset, with the later of the two times.
 * - A paused seat whose time has passed loses the time: it answers again (it is absent only while its time is ahead).
 * - A bench whose time has passed is not shown.
 */
export function mergeBench(source: SeatMap, benched: ReadonlyMap<string, Bench>, now: number): SeatMap {
  const merged: SeatMap = {};
  for (const [id, seat] of Object.entries(source)) merged[id] = expired(seat, now);
  for (const [id, bench] of benched) {
    if (bench.until <= now) continue;
    const seat = merged[id];
    if (seat && seat.kind !== 'cooling') continue;
    const until = Math.max(bench.until, seat?.until ?? 0);
    merged[id] = {
      kind: 'cooling',
      until,
      reason: bench.reason,
      canReset: seat?.canReset ?? false,
      cause: bench.cause,
    };
  }
  return merged;
}

/** The next moment the merged map changes by itself: the soonest time still ahead among paused seats and benches. */
export function nextChange(source: SeatMap, benched: ReadonlyMap<string, Bench>, now: number): number | undefined {
  const times = [
    ...Object.values(source).map((seat) => (seat.kind === 'cooling' ? seat.until : undefined)),
    ...[...benched.values()].map((bench) => bench.until),
  ].filter((at): at is number => at !== undefined && at > now);
  return times.length > 0 ? Math.min(...times) : undefined;
}

function expired(seat: SeatView, now: number): SeatView {
  if (seat.kind !== 'cooling' || seat.until === undefined || seat.until > now) return seat;
  const { until: _, ...paused } = seat;
  return paused;
}
