import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RESTART_POLICY, decideRestart } from './restartPolicy';

const policy = { baseDelayMs: 1_000, maxDelayMs: 30_000, maxCrashes: 3, windowMs: 60_000 };

describe('decideRestart', () => {
  test('the wait doubles with each crash in the window, jittered between half and all of it', () => {
    const low = () => 0;
    const high = () => 1;
    expect(decideRestart([0], 0, low, policy)).toEqual({ kind: 'restart', delayMs: 500 });
    expect(decideRestart([0], 0, high, policy)).toEqual({ kind: 'restart', delayMs: 1_000 });
    expect(decideRestart([0, 10_000], 10_000, high, policy)).toEqual({ kind: 'restart', delayMs: 2_000 });
  });

  test('the third crash within the window gives up, with a reason a user can read', () => {
    const decision = decideRestart([0, 5_000, 9_000], 9_000, () => 0.5, policy);
    expect(decision).toEqual({
      kind: 'give-up',
      reason: 'CLIProxyAPI stopped 3 times within 60 s, so Roundtable stopped restarting it.',
    });
  });

  test('a crash exactly one window ago still counts; one a millisecond older does not', () => {
    expect(decideRestart([0, 30_000, 60_000], 60_000, () => 0.5, policy)).toMatchObject({ kind: 'give-up' });
    expect(decideRestart([0, 30_001, 60_001], 60_001, () => 1, policy)).toEqual({ kind: 'restart', delayMs: 2_000 });
  });

  test('a crash time after now (the clock stepped back) does not count', () => {
    expect(decideRestart([50_000, 90_000, 10_000], 10_000, () => 1, policy)).toEqual({
      kind: 'restart',
      delayMs: 1_000,
    });
  });

  test('crashes older than the window are forgotten', () => {
    expect(decideRestart([0, 15_000, 70_000], 70_000, () => 1, policy)).toEqual({ kind: 'restart', delayMs: 2_000 });
  });

  test('for any history the wait stays within its bounds, and giving up happens exactly at maxCrashes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (earlier, now, r) => {
          const crashes = [...earlier.filter((t) => t <= now), now];
          const recent = crashes.filter((t) => now - t <= DEFAULT_RESTART_POLICY.windowMs).length;
          const decision = decideRestart(crashes, now, () => r);
          if (recent >= DEFAULT_RESTART_POLICY.maxCrashes) return decision.kind === 'give-up';
          return (
            decision.kind === 'restart' &&
            decision.delayMs >= DEFAULT_RESTART_POLICY.baseDelayMs / 2 &&
            decision.delayMs <= DEFAULT_RESTART_POLICY.maxDelayMs
          );
        },
      ),
    );
  });
});
