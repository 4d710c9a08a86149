import { partsOf } from './formatReturn';

// When a limit ends, read from a CLI's own words (its JSON says no more): each official CLI states its reset in a
// sentence of its own (docs/cli-claude.md, cli-codex.md, cli-gemini.md):
//   Claude Code   "Claude AI usage limit reached|1765000000" (seconds since the epoch), "resets 3pm (Europe/Berlin)",
//                 "resets Dec 10, 11:51pm (Europe/Berlin)" (more than a day away; the year only when not this year's)
//   Codex         "try again at 3:45 PM." / "try again at Dec 14th, 2025 3:45 PM." (the machine's own time zone)
//   Gemini CLI    "Your quota will reset after 2h52m39s." / "Please retry in 34.5s."
// Pure: the moment is worked out from `now`, in `timeZone` (the machine's when undefined) unless the words name one.
// A time of day is read as the end of its minute (see WORDS_PRECISION_MS): never before the limit's own end.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const EPOCH = /usage limit reached\|(\d{10})\b/i;
const COMPACT = /\b(?:after|in)\s+((?:\d+h)?(?:\d+m(?!s))?(?:\d+(?:\.\d+)?s)?)\b/i;
const SPELLED = /\b(?:after|in)\s+((?:\d+\s*(?:days?|hours?|h|minutes?|mins?|seconds?|secs?|s)\b[\s,]*(?:and\s+)?)+)/i;
const CLOCK =
  /\b(?:at|resets?)\s+(?:(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(?:(\d{4}),?\s+)?)?(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?(?:\s*\(([A-Za-z_]+(?:\/[A-Za-z_+-]+)*)\))?/i;
/**
 * A time in words is to the minute, its seconds cut off (Claude Code and Codex both drop them): the limit may last
 * until the end of that minute, so that is when it is read to end, and a time of day up to a minute behind now is
 * this minute's, not tomorrow's.
 */
const WORDS_PRECISION_MS = 60_000;

/** The moment (ms since the epoch) the words say the limit ends, if they say one that is still ahead. */
export function resetFromWords(text: string, now: number, timeZone?: string): number | undefined {
  const epoch = EPOCH.exec(text);
  if (epoch?.[1]) return ahead(Number(epoch[1]) * 1000, now);
  const clock = CLOCK.exec(text);
  if (clock) {
    const minute = wallClock(clock, now, timeZone);
    return ahead(minute === undefined ? undefined : minute + WORDS_PRECISION_MS, now);
  }
  const compact = COMPACT.exec(text)?.[1];
  const compactSeconds = compact ? compactDuration(compact) : undefined;
  if (compactSeconds !== undefined) return ahead(now + compactSeconds * 1000, now);
  const spelled = SPELLED.exec(text)?.[1];
  const spelledSeconds = spelled ? spelledDuration(spelled) : undefined;
  if (spelledSeconds !== undefined) return ahead(now + spelledSeconds * 1000, now);
  return undefined;
}

function ahead(at: number | undefined, now: number): number | undefined {
  return at !== undefined && Number.isFinite(at) && at > now ? at : undefined;
}

/** "2h52m39s", "34.5s", "5m": Go's and Gemini's way of writing a wait. */
function compactDuration(text: string): number | undefined {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined && match[3] === undefined)) return undefined;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Math.ceil(Number(match[3] ?? 0));
}

/** "3 days 4 hours 12 minutes", "5 min", "30 seconds". */
function spelledDuration(text: string): number | undefined {
  let seconds = 0;
  let found = false;
  for (const [, amount, unit] of text.matchAll(/(\d+)\s*([a-z]+)/gi)) {
    const u = (unit ?? '').toLowerCase();
    const size = u.startsWith('d') ? 86_400 : u.startsWith('h') ? 3600 : u.startsWith('m') ? 60 : 1;
    seconds += Number(amount) * size;
    found = true;
  }
  return found ? seconds : undefined;
}

/**
 * A time of day (maybe with its date) in the zone the words name, else in `timeZone`: today's when no date is
 * given, or tomorrow's once today's has passed (by more than the words' precision); a date without its year is this
 * year's, or next year's once this year's has passed.
 */
function wallClock(match: RegExpExecArray, now: number, timeZone: string | undefined): number | undefined {
  const [, month, day, year, hour, minute, half, zone] = match;
  const h12 = Number(hour);
  if (h12 < 1 || h12 > 12) return undefined;
  const h = (h12 % 12) + (half?.toLowerCase() === 'p' ? 12 : 0);
  const m = Number(minute ?? 0);
  const tz = zone && isTimeZone(zone) ? zone : timeZone;
  const today = partsOf(now, { year: 'numeric', month: 'numeric', day: 'numeric' }, tz);
  const [y, mo, d] = [Number(today.year), Number(today.month) - 1, Number(today.day)];
  if (month && day) {
    const index = MONTHS.indexOf(month.toLowerCase());
    if (index < 0) return undefined;
    if (year) return zonedTime(Number(year), index, Number(day), h, m, tz);
    const at = zonedTime(y, index, Number(day), h, m, tz);
    return at > now - WORDS_PRECISION_MS ? at : zonedTime(y + 1, index, Number(day), h, m, tz);
  }
  const at = zonedTime(y, mo, d, h, m, tz);
  return at > now - WORDS_PRECISION_MS ? at : zonedTime(y, mo, d + 1, h, m, tz);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The moment a wall clock in `timeZone` reads the given date and time (Date.UTC normalises a day past the month's end). */
function zonedTime(year: number, month: number, day: number, hour: number, minute: number, timeZone?: string): number {
  const asUtc = Date.UTC(year, month, day, hour, minute);
  let at = asUtc - offsetAt(asUtc, timeZone);
  // Once more from the first guess: right across a change of the zone's offset too.
  at = asUtc - offsetAt(at, timeZone);
  return at;
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string | undefined): number {
  const p = partsOf(
    at,
    {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    },
    timeZone,
  );
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(at / 1000) * 1000;
}
