import { describe, expect, test } from 'vitest';
import { kept, mergeLeases } from './leaseMerge';
import { holders, isStale } from './leaseRules';
import { LEASE_STALE_MS, MAX_ENDED_LEASES, type TurnLease, wasInterrupted } from './turnLease';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();
const lease = (token: string, over: Partial<TurnLease> = {}): TurnLease => ({
  plan: 'p1',
  token,
  owner: 'other',
  pid: 42,
  host: 'here',
  heartbeat: iso(0),
  ...over,
});

describe('a turn lease', () => {
  const unknown = () => undefined;

  test.each<[string, TurnLease, number, (pid: number, host: string) => boolean | undefined, boolean]>([
    ['renewed just now, its process unknown', lease('a'), 1_000, unknown, false],
    ['silent exactly as long as allowed', lease('a'), LEASE_STALE_MS, unknown, false],
    ['silent a moment longer', lease('a'), LEASE_STALE_MS + 1, unknown, true],
    ['renewed just now, but its process is gone on this machine', lease('a'), 0, () => false, true],
    [
      'silent too long, though a process of its pid lives (a pid reused, or a host stuck)',
      lease('a'),
      60_000,
      () => true,
      true,
    ],
    ['ended long ago', lease('a', { ended: iso(1) }), 3_600_000, () => false, false],
    ['this window’s own, silent for an hour', lease('a', { owner: 'me' }), 3_600_000, () => false, false],
  ])('%s: stale is %s', (_name, l, after, alive, stale) => {
    expect(isStale(l, new Date(T0 + after), alive, 'me')).toBe(stale);
  });

  test('holders: the live leases of a plan, never the ended or stale ones', () => {
    const leases = [
      lease('live', { heartbeat: iso(50_000) }),
      lease('stale'),
      lease('ended', { heartbeat: iso(50_000), ended: iso(55_000) }),
      lease('other-plan', { plan: 'p2', heartbeat: iso(50_000) }),
    ];
    expect(holders(leases, 'p1', new Date(T0 + 60_000), () => undefined).map((l) => l.token)).toEqual(['live']);
  });

  test('merging: an ended copy wins over a renewed one, then the later; the same whichever side', () => {
    const renewed = lease('a', { heartbeat: iso(9_000) });
    const ended = lease('a', { heartbeat: iso(5_000), ended: iso(6_000) });
    expect(mergeLeases([renewed], [ended])).toEqual([ended]);
    expect(mergeLeases([ended], [renewed])).toEqual([ended]);
    const interrupted = { ...ended, interrupted: true as const };
    expect(mergeLeases([ended], [interrupted])).toEqual(mergeLeases([interrupted], [ended]));
    expect(mergeLeases([renewed, ended], [])).toEqual([ended]);
  });

  test(`a thread keeps every lease not ended and the newest ${MAX_ENDED_LEASES} ended ones`, () => {
    const ended = Array.from({ length: MAX_ENDED_LEASES + 5 }, (_, i) =>
      lease(`e${i}`, { plan: `p${i}`, heartbeat: iso(i * 1_000), ended: iso(i * 1_000 + 500) }),
    );
    const live = lease('live', { heartbeat: iso(0) });
    const result = kept([live, ...ended.toReversed()]);
    expect(result.map((l) => l.token)).toEqual(['live', ...ended.slice(5).map((l) => l.token)]);
    expect(kept(result)).toEqual(result);
    expect(mergeLeases(ended.slice(0, 7), ended.slice(7))).toEqual(mergeLeases(ended.slice(7), ended.slice(0, 7)));
  });

  test('a plan was cut off when its newest lease ended interrupted; continuing it again clears that', () => {
    const cut = lease('a', { ended: iso(30_000), interrupted: true });
    expect(wasInterrupted([cut], 'p1')).toBe(true);
    expect(wasInterrupted([cut], 'p2')).toBe(false);
    const continued = lease('b', { heartbeat: iso(40_000), ended: iso(45_000) });
    expect(wasInterrupted(kept([continued, cut]), 'p1')).toBe(false);
  });
});
