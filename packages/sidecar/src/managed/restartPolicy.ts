export interface RestartPolicyOptions {
  /** The first wait after a crash; each further crash in the window doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** This many crashes within `windowMs` and the supervisor gives up. */
  maxCrashes: number;
  windowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicyOptions = {
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxCrashes: 3,
  windowMs: 120_000,
};

export type RestartDecision = { kind: 'restart'; delayMs: number } | { kind: 'give-up'; reason: string };

/**
 * What to do after the proxy died at `now`, given when it died before (including this time). Pure: the clock and
 * the randomness are arguments.
 *
 * The wait doubles with each crash in the window, capped, and is jittered to between half and all of that, so
 * several windows restarting at once do not retry in lockstep. `maxCrashes` within `windowMs` means something is
 * wrong that restarting will not fix: give up, and say so.
 */
export function decideRestart(
  crashTimes: readonly number[],
  now: number,
  random: () => number,
  options: RestartPolicyOptions = DEFAULT_RESTART_POLICY,
): RestartDecision {
  const recent = crashTimes.filter((t) => now - t <= options.windowMs && t <= now).length;
  if (recent >= options.maxCrashes) {
    return {
      kind: 'give-up',
      reason: `CLIProxyAPI stopped ${recent} times within ${Math.round(options.windowMs / 1000)} s, so Roundtable stopped restarting it.`,
    };
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, recent - 1));
  const jitter = 0.5 + Math.min(1, Math.max(0, random())) / 2;
  return { kind: 'restart', delayMs: Math.round(ceiling * jitter) };
}
