/**
 * List settings (`roundtable.participants`, `roundtable.groups`, `roundtable.providers`) can come from a workspace's
 * `.vscode/settings.json`, that is from whoever wrote the repository that was opened. Each entry is checked on its
 * own, so a list of 100,000 entries would cost a second of parsing and 100,000 problem lines. These bounds make
 * reading any list cost the same whatever its length: entries past `MAX_SETTING_ENTRIES` are dropped unread, and an
 * invalid entry's problem line is kept only for the first `MAX_PROBLEM_LINES`.
 */

/** Entries of one list setting read at most; generous beside every real cap (16 seats, 16 groups, 8 providers). */
export const MAX_SETTING_ENTRIES = 64;
/** Problem lines one list setting reports at most; the others are counted in one more line. */
export const MAX_PROBLEM_LINES = 8;

export interface BoundedEntries {
  /** The first `MAX_SETTING_ENTRIES` entries, in order. */
  readonly entries: readonly unknown[];
  /** One line when entries were dropped, saying how many; empty otherwise. */
  readonly dropped: string[];
}

/** The entries to parse: at most `MAX_SETTING_ENTRIES`, the rest dropped before any of them is looked at. */
export function boundEntries(raw: readonly unknown[], setting: string): BoundedEntries {
  if (raw.length <= MAX_SETTING_ENTRIES) return { entries: raw, dropped: [] };
  const more = raw.length - MAX_SETTING_ENTRIES;
  return {
    entries: raw.slice(0, MAX_SETTING_ENTRIES),
    dropped: [`${setting}: only the first ${MAX_SETTING_ENTRIES} entries are read; ${more} more were dropped unread`],
  };
}

/** The problem lines to report: the first `MAX_PROBLEM_LINES`, then one line counting the rest. */
export function boundProblems(problems: readonly string[], setting: string): string[] {
  if (problems.length <= MAX_PROBLEM_LINES) return [...problems];
  const more = problems.length - MAX_PROBLEM_LINES;
  return [...problems.slice(0, MAX_PROBLEM_LINES), `${setting}: and ${more} more problem(s), not listed`];
}

/**
 * A problem line when `entry[field]` is a list longer than `max`, else undefined. Checked before an entry is parsed,
 * so a list nested in an entry (a participant's aliases, a group's members) costs nothing past its own cap either.
 */
export function overlongField(entry: unknown, field: string, max: number, at: string): string | undefined {
  const value = (entry as Record<string, unknown> | null)?.[field];
  if (!Array.isArray(value) || value.length <= max) return undefined;
  return `${at}.${field}: at most ${max} entries (it has ${value.length}); this entry is ignored`;
}

/** Both bounds' lines in reading order: the dropped count first, as it says the list was not read whole. */
export function settingListProblems(bounded: BoundedEntries, problems: readonly string[], setting: string): string[] {
  return [...bounded.dropped, ...boundProblems(problems, setting)];
}
