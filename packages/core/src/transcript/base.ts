import * as v from 'valibot';

/**
 * Every schema in Roundtable is built with valibot: each check is a small function the bundler keeps only where it
 * is used, and a schema is a plain object, so building them all when a module loads costs next to nothing (the
 * extension host's first state and the webview's first transcript both load these modules). Import `valibot` as a
 * namespace in each file; the bundler still keeps only what is used.
 */

/** The speaker id reserved for the human; no participant may use it. */
export const USER_SPEAKER = 'user';
/** The speaker id of thread-level notes (role `system`). */
export const SYSTEM_SPEAKER = 'system';

/**
 * An ISO 8601 date-time as `Date.prototype.toISOString` writes it and every format of the thread files has held: a
 * real calendar day (29 February only in leap years), `T`, hours, minutes and seconds with an optional fraction, then
 * `Z` or a `±hh:mm` offset. A day that does not exist is refused here: `Date.parse` would quietly roll it over.
 */
const LEAP_DAY = String.raw`(?:\d\d(?:[2468][048]|[13579][26]|0[48])|(?:[02468][048]|[13579][26])00)-02-29`;
const DAY = String.raw`\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))`;
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)`;
const ISO_DATE_TIME = new RegExp(`^(?:${LEAP_DAY}|${DAY})T${TIME}$`);
export const isoDateTime = v.pipe(v.string(), v.regex(ISO_DATE_TIME, 'must be an ISO date-time'));

/** A whole number that a double holds exactly (no NaN, no infinity). */
export const int = v.pipe(v.number(), v.safeInteger());
/** A whole number from 0 (a count, a position, an offset). */
export const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** A whole number from 1. */
export const positiveInt = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
/** A number that is neither NaN nor infinite (a time in milliseconds). */
export const finite = v.pipe(v.number(), v.finite());

/** The id of a message or a plan. */
export const RecordId = v.pipe(v.string(), v.minLength(1));

/** A participant id: what the user types after `@`. Lower-case so mentions match case-insensitively. */
export const ParticipantId = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be 1-32 characters: a lower-case letter, then letters, digits, _ or -'),
  v.check(
    (id) => id !== USER_SPEAKER && id !== SYSTEM_SPEAKER && id !== 'all',
    'is reserved ("user", "system" and "all" cannot be participant ids)',
  ),
);
export type ParticipantId = v.InferOutput<typeof ParticipantId>;

/**
 * What was wrong with a value a schema refused, one clause per issue with where it is (`Invalid type: Expected
 * string but received 5 at messages[2].role`), joined by `; `. A field the schema does not know is named with the
 * object it is in (`Unrecognized key: "by" at speakingTo`).
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = issue.path ?? [];
      const last = path.at(-1);
      if (issue.expected === 'never' && last?.origin === 'key') {
        return located(`Unrecognized key: ${JSON.stringify(String(last.key))}`, pathText(path.slice(0, -1)));
      }
      return located(bounded(issue.message), pathText(path));
    })
    .join('; ');
}

/** The longest message of one issue kept: a message quotes the value it refused, which may be megabytes. */
const MAX_ISSUE_MESSAGE = 200;

function bounded(message: string): string {
  return message.length > MAX_ISSUE_MESSAGE ? `${message.slice(0, MAX_ISSUE_MESSAGE)}…` : message;
}

function located(what: string, at: string): string {
  return at ? `${what} at ${at}` : what;
}

/** `messages[2].contextBlocks[0].path`: where an issue is, as the value's own keys and indexes. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  return pathText(issue.path ?? []);
}

function pathText(path: readonly { key: unknown }[]): string {
  let at = '';
  for (const { key } of path) {
    if (typeof key === 'number') at += `[${key}]`;
    else at += at ? `.${String(key)}` : String(key);
  }
  return at;
}
