const DAY_MS = 86_400_000;

/**
 * When a benched seat comes back, as the line above the message box says it: the time of day ("14:05") when that
 * is less than a day away, else the date ("Mon 14 Dec"), since "in 3 days 4 h" goes stale while it is shown. Read in
 * `timeZone` (the machine's own when undefined; tests pass one, so they hold in every zone).
 */
export function formatReturn(until: number, now: number, timeZone?: string): string {
  if (until - now < DAY_MS) {
    const p = partsOf(until, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, timeZone);
    return `${p.hour}:${p.minute}`;
  }
  const p = partsOf(until, { weekday: 'short', day: 'numeric', month: 'short' }, timeZone);
  return `${p.weekday} ${p.day} ${p.month}`;
}

/** The named parts of `at` as `Intl` writes them in English (built from parts, so no locale's punctuation slips in). */
export function partsOf(
  at: number,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const format = new Intl.DateTimeFormat('en-GB', timeZone ? { ...options, timeZone } : options);
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}
