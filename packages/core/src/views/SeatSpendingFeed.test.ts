import { describe, expect, test } from 'vitest';
import { Emitter } from '../base/event';
import type { SeatSpending } from '../protocol/seatSpending';
import { SPEND_BUCKET_MS } from '../store/spendRecord';
import type { ThreadStore } from '../store/ThreadStore';
import { FakeClock } from '../testing';
import { SeatSpendingFeed } from './SeatSpendingFeed';

// The index's spend records are checked only as objects when the list is read (the first state needs none of them):
// the sums check each whole, and leave out one they cannot read, saying so once, without losing the others.

describe('SeatSpendingFeed: records it cannot read', () => {
  test('a record that is not one is left out of the sums with one warning; the others are counted', () => {
    const clock = new FakeClock(Date.parse('2026-03-01T12:00:00.000Z'));
    const slot = Math.floor(clock.now().getTime() / SPEND_BUCKET_MS) - 1;
    const records: [string, unknown][] = [
      ['good', { claude: [[slot, 2, 100, 10]] }],
      ['bad', { claude: [['soon', 1, 2, 3]] }],
    ];
    const changed = new Emitter<{ kind: string }>();
    const store = {
      onDidChange: changed.event,
      catalog: { spendByThread: () => records },
      fillSpend: async () => 0,
    } as unknown as ThreadStore;
    const warnings: string[] = [];
    const logger = { trace() {}, info() {}, warn: (m: string) => warnings.push(m), error() {} };
    const sent: SeatSpending[] = [];
    const feed = new SeatSpendingFeed(
      store,
      clock,
      (s) => sent.push(s),
      logger,
      () => new Date(0),
    );
    try {
      expect(feed.current().claude?.last5h).toEqual({ requests: 2, inputTokens: 100, outputTokens: 10 });
      feed.current();
      expect(warnings).toEqual([
        "Thread index: what thread bad's seats spent cannot be read; it is left out of the sums until the thread is next saved.",
      ]);
    } finally {
      feed.dispose();
      changed.dispose();
    }
  });
});
