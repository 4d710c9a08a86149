import { formatSeconds } from '@roundtable/core/present';

/**
 * A wait as the host's messages say it ("12 s", "1 min 4 s", "23 h 58 min", "1 day"): whole seconds, counted down
 * or up by the caller, never negative.
 */
export function formatWait(ms: number): string {
  return formatSeconds(Math.floor(Math.max(0, ms) / 1000));
}
