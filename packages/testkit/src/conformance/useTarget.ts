import { afterAll, beforeAll, describe } from 'vitest';
import {
  type ProxyTarget,
  realTargetAvailability,
  startFakeTarget,
  startRealTarget,
  type TargetOptions,
} from './targets';

/** Set (as `.ci/run` does) to make a missing real binary a failure instead of a skip. */
export const REQUIRE_REAL_PROXY = process.env.ROUNDTABLE_REQUIRE_REAL_PROXY === '1';

/**
 * Declares `body` once per target: the fake proxy always, the real CLIProxyAPI when its binary is built. Without
 * the binary the real block is skipped with the reason in its title (a contributor without Go still runs
 * `pnpm test`), unless `ROUNDTABLE_REQUIRE_REAL_PROXY=1`, which turns the skip into a failure.
 */
export function forEachTarget(
  title: string,
  body: (target: () => ProxyTarget) => void,
  options: TargetOptions = {},
): void {
  for (const name of ['fake', 'real'] as const) {
    const availability = name === 'real' ? realTargetAvailability() : ({ available: true } as const);
    const skip = !availability.available && !REQUIRE_REAL_PROXY;
    const suffix = availability.available
      ? ''
      : skip
        ? ` (skipped: ${availability.reason})`
        : ' (required by ROUNDTABLE_REQUIRE_REAL_PROXY, but not built)';
    const block = skip ? describe.skip : describe;
    block(`${title} [${name}]${suffix}`, () => {
      let target: ProxyTarget | undefined;
      beforeAll(async () => {
        target = name === 'fake' ? await startFakeTarget(options) : await startRealTarget(options);
      }, 30_000);
      afterAll(async () => {
        await target?.close();
      });
      body(() => {
        if (!target) throw new Error(`the ${name} target did not start`);
        return target;
      });
    });
  }
}

/**
 * Declares a suite that only the real binary can answer (its process lifecycle): skipped with the reason when the
 * binary is not built, unless `ROUNDTABLE_REQUIRE_REAL_PROXY=1`.
 */
export function describeRealOnly(title: string, body: () => void): void {
  const availability = realTargetAvailability();
  if (availability.available || REQUIRE_REAL_PROXY) {
    describe(`${title} [real]`, body);
  } else {
    describe.skip(`${title} [real] (skipped: ${availability.reason})`, body);
  }
}
