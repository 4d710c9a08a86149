import { FakeClock } from '@roundtable/core/testing';
import { afterEach, describe, expect, test } from 'vitest';
import { HIDDEN_RECHECK_MS, RECHECK_MIN_GAP_MS, RecheckSchedule, VISIBLE_RECHECK_MS } from './recheckSchedule';

const schedules: RecheckSchedule[] = [];
afterEach(() => {
  for (const s of schedules.splice(0)) s.dispose();
});

/** A schedule on a fake clock, recording when (ms after the start) each check ran. */
function setup() {
  const clock = new FakeClock();
  const start = clock.now().getTime();
  const checks: number[] = [];
  const schedule = new RecheckSchedule({ clock, check: () => checks.push(clock.now().getTime() - start) });
  schedules.push(schedule);
  return { clock, checks, schedule };
}

describe('RecheckSchedule', () => {
  test('nothing runs before start, and the first check waits for a timer rather than running in the caller', () => {
    const { clock, checks, schedule } = setup();
    schedule.setVisible(true);
    schedule.noteFocus();
    clock.advance(HIDDEN_RECHECK_MS * 2);
    expect(checks).toEqual([]);
    schedule.start();
    expect(checks).toEqual([]);
    clock.advance(0);
    expect(checks).toHaveLength(1);
  });

  test('every 15 s while a view is visible, every 60 s while none is', () => {
    const { clock, checks, schedule } = setup();
    schedule.start();
    schedule.setVisible(true);
    clock.advance(VISIBLE_RECHECK_MS * 3);
    expect(checks).toEqual([0, 15_000, 30_000, 45_000]);
    schedule.setVisible(false);
    clock.advance(HIDDEN_RECHECK_MS * 2);
    expect(checks.slice(4)).toEqual([105_000, 165_000]);
    expect(clock.pendingTimers).toBe(1);
  });

  test('a view coming into sight checks at once when the last check is old, then keeps the 15 s pace', () => {
    const { clock, checks, schedule } = setup();
    schedule.start();
    clock.advance(30_000);
    expect(checks).toEqual([0]);
    schedule.setVisible(true);
    clock.advance(0);
    expect(checks).toEqual([0, 30_000]);
    clock.advance(VISIBLE_RECHECK_MS);
    expect(checks).toEqual([0, 30_000, 45_000]);
  });

  test('a focus checks at once, but a burst of focus and visibility within the gap costs one check', () => {
    const { clock, checks, schedule } = setup();
    schedule.start();
    clock.advance(10_000);
    schedule.noteFocus();
    clock.advance(0);
    expect(checks).toEqual([0, 10_000]);
    clock.advance(RECHECK_MIN_GAP_MS - 1);
    schedule.noteFocus();
    schedule.setVisible(true);
    clock.advance(0);
    expect(checks).toEqual([0, 10_000]);
    // The pending check is still one interval after the last one, not pushed back by the burst.
    clock.advance(VISIBLE_RECHECK_MS - RECHECK_MIN_GAP_MS + 1);
    expect(checks).toEqual([0, 10_000, 25_000]);
  });

  test('hiding keeps the last check as the base: the next one is due 60 s after it, not 60 s after hiding', () => {
    const { clock, checks, schedule } = setup();
    schedule.start();
    schedule.setVisible(true);
    clock.advance(10_000);
    schedule.setVisible(false);
    clock.advance(HIDDEN_RECHECK_MS - 10_000);
    expect(checks).toEqual([0, 60_000]);
  });

  test('disposed, it leaves no timer and checks no more', () => {
    const { clock, checks, schedule } = setup();
    schedule.start();
    schedule.setVisible(true);
    clock.advance(0);
    schedule.dispose();
    schedule.noteFocus();
    clock.advance(HIDDEN_RECHECK_MS);
    expect(checks).toEqual([0]);
    expect(clock.pendingTimers).toBe(0);
  });
});
