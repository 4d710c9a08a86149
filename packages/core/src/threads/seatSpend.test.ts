import { describe, expect, test } from 'vitest';
import { SPEND_BUCKET_MS, type SpendRecord } from '../store/spendRecord';
import { nextSpendChange, RECENT_WINDOW_MS, startOfLocalDay, sumSeatSpend } from './seatSpend';

// "Today" starts at a midnight the caller gives (the host's local one): here 23:00 UTC, a zone one hour ahead, so
// nothing below depends on the zone the tests run in.
const dayStart = new Date('2026-03-10T23:00:00.000Z');
const slotOf = (iso: string) => Date.parse(iso) / SPEND_BUCKET_MS;

describe('sumSeatSpend', () => {
  test('adds up every thread entry per seat, for today and for the last 5 hours', () => {
    const now = new Date('2026-03-11T10:07:00.000Z');
    const threads: SpendRecord[] = Array.from({ length: 300 }, (_, i) => ({
      // Every thread: one claude request at 09:00 (both windows), one gpt request at 00:00 (today only).
      claude: [[slotOf('2026-03-11T09:00:00.000Z'), 1, 100 + i, 10]],
      gpt: [[slotOf('2026-03-11T00:00:00.000Z'), 2, 50, 5, 1]],
    }));
    expect(sumSeatSpend(threads, { now, dayStart })).toEqual({
      claude: {
        today: { requests: 300, inputTokens: 300 * 100 + (299 * 300) / 2, outputTokens: 3_000 },
        last5h: { requests: 300, inputTokens: 300 * 100 + (299 * 300) / 2, outputTokens: 3_000 },
      },
      gpt: {
        today: { requests: 600, inputTokens: 15_000, outputTokens: 1_500, estimated: true },
        last5h: { requests: 0, inputTokens: 0, outputTokens: 0 },
      },
    });
  });

  test('today starts exactly at the given midnight: the bucket before it is yesterday', () => {
    const now = new Date('2026-03-11T08:00:00.000Z');
    const record: SpendRecord = {
      claude: [
        [slotOf('2026-03-10T22:45:00.000Z'), 1, 1, 0],
        [slotOf('2026-03-10T23:00:00.000Z'), 1, 2, 0],
      ],
    };
    expect(sumSeatSpend([record], { now, dayStart }).claude?.today).toEqual({
      requests: 1,
      inputTokens: 2,
      outputTokens: 0,
    });
    // The next day, the same records are yesterday's: a seat that spent nothing in either window is left out.
    const tomorrow = new Date(dayStart.getTime() + 24 * 3_600_000);
    expect(sumSeatSpend([record], { now: new Date(tomorrow.getTime() + 8 * 3_600_000), dayStart: tomorrow })).toEqual(
      {},
    );
  });

  test('the last 5 hours take every bucket that ends after the moment 5 hours ago, and let it go once it is older', () => {
    const record: SpendRecord = { claude: [[slotOf('2026-03-11T03:00:00.000Z'), 1, 10, 1]] }; // 03:00 to 03:15
    const at = (iso: string) => sumSeatSpend([record], { now: new Date(iso), dayStart }).claude?.last5h.requests;
    expect(at('2026-03-11T08:00:00.000Z')).toBe(1);
    expect(at('2026-03-11T08:14:59.999Z')).toBe(1);
    expect(at('2026-03-11T08:15:00.000Z')).toBe(0);
    expect(RECENT_WINDOW_MS).toBe(5 * 3_600_000);
  });

  test('the sums change only at a bucket edge, which is when the view looks again', () => {
    expect(nextSpendChange(new Date('2026-03-11T08:14:59.999Z')).toISOString()).toBe('2026-03-11T08:15:00.000Z');
    expect(nextSpendChange(new Date('2026-03-11T08:15:00.000Z')).toISOString()).toBe('2026-03-11T08:30:00.000Z');
  });

  test('local midnight is at or before now and less than a (long) day before it', () => {
    for (const iso of ['2026-03-11T00:00:00.000Z', '2026-03-29T01:30:00.000Z', '2026-10-25T23:59:59.999Z']) {
      const now = new Date(iso);
      const start = startOfLocalDay(now);
      expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - start.getTime()).toBeLessThan(25 * 3_600_000);
      expect([start.getHours(), start.getMinutes()]).toEqual([0, 0]);
    }
  });
});
