import { describe, expect, test } from 'vitest';
import { FakeClock } from '../testing/FakeClock';
import type { ChatError } from './types';
import { Watchdog } from './watchdog';

const late = (message: string): ChatError => ({ kind: 'timeout', message });

function setup() {
  const clock = new FakeClock();
  const expired: string[] = [];
  const watchdog = new Watchdog((error) => expired.push(error.message), clock);
  return { clock, expired, watchdog };
}

describe('Watchdog', () => {
  test('reports the error it was armed with once the deadline passes, and only once', () => {
    const { clock, expired, watchdog } = setup();
    watchdog.arm(100, late('first byte'));
    clock.advance(99);
    expect(expired).toEqual([]);
    clock.advance(1);
    expect(expired).toEqual(['first byte']);
    clock.advance(1000);
    expect(expired).toEqual(['first byte']);
    expect(clock.pendingTimers).toBe(0);
  });

  test('re-arming moves the deadline later without a new timer per arming', () => {
    const { clock, expired, watchdog } = setup();
    watchdog.arm(100, late('stall'));
    for (let i = 0; i < 50; i++) {
      clock.advance(10);
      watchdog.arm(100, late('stall'));
    }
    expect(clock.pendingTimers).toBe(1);
    expect(expired).toEqual([]);
    clock.advance(99);
    expect(expired).toEqual([]);
    clock.advance(1);
    expect(expired).toEqual(['stall']);
  });

  test('re-arming to an earlier deadline fires at the earlier one, with the new error', () => {
    const { clock, expired, watchdog } = setup();
    watchdog.arm(1000, late('first byte'));
    watchdog.arm(50, late('stall'));
    clock.advance(50);
    expect(expired).toEqual(['stall']);
    clock.advance(2000);
    expect(expired).toEqual(['stall']);
  });

  test('after disarm the callback never runs for an earlier arming', () => {
    const { clock, expired, watchdog } = setup();
    watchdog.arm(100, late('stall'));
    clock.advance(60);
    watchdog.disarm();
    clock.advance(1000);
    expect(expired).toEqual([]);
  });

  test('arming after disarm counts from the new arming, not the old timer', () => {
    const { clock, expired, watchdog } = setup();
    watchdog.arm(100, late('old'));
    clock.advance(60);
    watchdog.disarm();
    watchdog.arm(100, late('new'));
    clock.advance(40); // the old timer fires here, early for the new deadline
    expect(expired).toEqual([]);
    clock.advance(59);
    expect(expired).toEqual([]);
    clock.advance(1);
    expect(expired).toEqual(['new']);
  });

  test('dispose stops the timer, so nothing outlives the owner', () => {
    const { clock, expired, watchdog } = setup();
    watchdog.arm(100, late('stall'));
    watchdog.dispose();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(1000);
    expect(expired).toEqual([]);
  });
});
