import { RateGate, truncateText } from '@roundtable/core/base/rateGate';
import { type Clock, systemClock } from '@roundtable/core/ports';

/** The longest notice shown; the log has the whole text. */
export const MAX_NOTICE_CHARS = 500;
/** At most this many notices in any `NOTICE_WINDOW_MS`, and the same text once in that time. */
export const MAX_NOTICES = 3;
export const NOTICE_WINDOW_MS = 10_000;

/**
 * Wraps the way notices are shown so that no burst (a page sending thousands of intents, a proxy failing in a
 * loop) becomes a wall of pop-ups: a text already shown in the last `NOTICE_WINDOW_MS` is not shown again, at most
 * `MAX_NOTICES` show in that time, and each is cut to `MAX_NOTICE_CHARS`. Returns whether it was shown.
 */
export function gateNotices<K>(
  show: (message: string, kind: K) => void,
  clock: Clock = systemClock,
): (message: string, kind: K) => boolean {
  const gate = new RateGate(clock, MAX_NOTICES, NOTICE_WINDOW_MS);
  const lastShown = new Map<string, number>();
  return (message, kind) => {
    const now = clock.now().getTime();
    for (const [text, at] of lastShown) if (now - at >= NOTICE_WINDOW_MS) lastShown.delete(text);
    if (lastShown.has(message) || !gate.admit()) return false;
    lastShown.set(message, now);
    show(truncateText(message, MAX_NOTICE_CHARS), kind);
    return true;
  };
}
