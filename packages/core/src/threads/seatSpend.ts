import type { SeatSpending, SpendWindow } from '../protocol/seatSpending';
import { SPEND_BUCKET_MS, type SpendBucket, type SpendRecord } from '../store/spendRecord';

/** "The last 5 hours", as the seats' sums measure it. */
export const RECENT_WINDOW_MS = 5 * 60 * 60_000;

/** The moments the sums are measured against: `dayStart` is the user's local midnight today (`startOfLocalDay`). */
export interface SpendMoment {
  now: Date;
  dayStart: Date;
}

/**
 * What each seat spent today and in the last 5 hours, summed over the index's spend records (one per thread: a
 * thread two windows share is one entry, so it is counted once). Never reads a transcript. A bucket counts for today
 * when it starts at or after `dayStart`, and for the last 5 hours when it ends after the moment 5 hours ago (so the
 * window is 5 hours and at most one bucket more). Seats that spent nothing in either window are left out. Pure.
 */
export function sumSeatSpend(records: Iterable<SpendRecord>, at: SpendMoment): SeatSpending {
  const dayStart = at.dayStart.getTime();
  const recentFrom = at.now.getTime() - RECENT_WINDOW_MS;
  const sums = new Map<string, { today: SpendWindow; last5h: SpendWindow }>();
  for (const record of records) {
    for (const [seat, buckets] of Object.entries(record)) {
      for (const bucket of buckets) {
        const start = bucket[0] * SPEND_BUCKET_MS;
        const today = start >= dayStart;
        const recent = start + SPEND_BUCKET_MS > recentFrom;
        if (!today && !recent) continue;
        const seatSums = sums.get(seat) ?? { today: nothing(), last5h: nothing() };
        sums.set(seat, seatSums);
        if (today) seatSums.today = plus(seatSums.today, bucket);
        if (recent) seatSums.last5h = plus(seatSums.last5h, bucket);
      }
    }
  }
  return Object.fromEntries([...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Local midnight of `now`'s day, in the time zone this process runs in (the host's, which is the user's). */
export function startOfLocalDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** When the sums can next change without a reply ending: the next bucket's edge (a local midnight is one). */
export function nextSpendChange(now: Date): Date {
  return new Date((Math.floor(now.getTime() / SPEND_BUCKET_MS) + 1) * SPEND_BUCKET_MS);
}

function nothing(): SpendWindow {
  return { requests: 0, inputTokens: 0, outputTokens: 0 };
}

function plus(sum: SpendWindow, [, requests, input, output, estimated]: SpendBucket): SpendWindow {
  return {
    requests: sum.requests + requests,
    inputTokens: sum.inputTokens + input,
    outputTokens: sum.outputTokens + output,
    ...(sum.estimated || estimated === 1 ? { estimated: true as const } : {}),
  };
}
