import { describe, expect, test } from 'vitest';
import type { LeaseRecord } from '../lease/ProxyLease';
import { look, startWatch, type WatchState, type WatchVerdict } from './watchRules';

const OWNER = 'window-a';
const record = (expiresAt: number, owner = OWNER): LeaseRecord => ({
  owner,
  ownerPid: 1,
  host: 'h',
  port: 1,
  proxyPid: 2,
  expiresAt,
});
const kept = (verdict: WatchVerdict): WatchState => {
  if (verdict.stop) throw new Error(`stopped: ${verdict.why}`);
  return verdict.state;
};

describe('the watchdog’s look at the lease', () => {
  test('a first start longer than the lease lasts is not a lost lease: only an expiry after a renewal is', () => {
    let state = startWatch(record(1_000));
    state = kept(look(state, record(1_000), OWNER, 50_000)); // never renewed since the proxy started
    state = kept(look(state, record(60_000), OWNER, 50_001)); // renewed once it answered
    state = kept(look(state, record(60_000), OWNER, 59_999));
    expect(look(state, record(60_000), OWNER, 60_000)).toEqual({
      stop: true,
      why: 'the window stopped renewing the proxy lease (0 s overdue)',
    });
  });

  test.each([
    ['another window holds it', record(9_000, 'window-b'), 'another window holds the proxy lease'],
    ['it is gone', undefined, 'the window released the proxy lease'],
  ] as const)(
    '%s: stopped on the second look that finds it, not the first (a rename may be under way)',
    (_n, found, why) => {
      const state = kept(look(startWatch(record(5_000)), found, OWNER, 1_000));
      expect(look(state, found, OWNER, 1_100)).toEqual({ stop: true, why });
    },
  );

  test('one odd look between two good ones is forgotten', () => {
    let state = startWatch(record(5_000));
    state = kept(look(state, undefined, OWNER, 1_000));
    state = kept(look(state, record(5_000), OWNER, 1_100));
    expect(look(state, undefined, OWNER, 1_200).stop).toBe(false);
  });

  test('a gone lease then another owner are two different findings, each needing its second look', () => {
    let state = startWatch(record(5_000));
    state = kept(look(state, undefined, OWNER, 1_000));
    state = kept(look(state, record(5_000, 'window-b'), OWNER, 1_100));
    expect(look(state, record(5_000, 'window-b'), OWNER, 1_200).stop).toBe(true);
  });
});
