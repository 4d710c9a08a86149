/** An `@name` being typed: where its `@` is, and the part of the name typed so far. */
export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** The name so far, lower-cased (may be empty: just the `@`). */
  query: string;
}

/**
 * The characters after which an `@` starts a mention, as the router reads mentions: the start, whitespace, opening
 * brackets and quotes, emphasis and list separators. So `me@claude.ai` never opens the autocomplete.
 */
const MENTION_START = /[\s([{<"'“‘«‹*~,;]/u;
const NAME_SO_FAR = /@([A-Za-z][A-Za-z0-9_-]*)?$/;

/**
 * The mention the caret is in, if any: an `@` at a mention start, then name characters up to the caret. None
 * inside a fenced code block (code is full of `@decorators`).
 */
export function mentionAt(text: string, caret: number): MentionQuery | undefined {
  const before = text.slice(0, caret);
  const match = NAME_SO_FAR.exec(before);
  if (!match) return undefined;
  const start = match.index;
  if (start > 0 && !MENTION_START.test(before[start - 1] ?? '')) return undefined;
  if (insideFence(before)) return undefined;
  return { start, query: (match[1] ?? '').toLowerCase() };
}

function insideFence(before: string): boolean {
  let open = false;
  for (const line of before.split('\n').slice(0, -1)) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) open = !open;
  }
  return open;
}

/** Someone the composer can address: a participant (by its id or an alias), or everyone. */
export interface MentionCandidate {
  /** What is inserted after the `@`. */
  id: string;
  label: string;
  detail: string;
  /** Set on an alias: the participant it names. */
  aliasOf?: string;
}

/**
 * The candidates whose @-name starts with the query, or whose display name does (an alias matches by its own name
 * only, so typing a participant's name lists that participant once), in table order, `all` last.
 */
export function matchCandidates(candidates: readonly MentionCandidate[], query: string): MentionCandidate[] {
  return candidates.filter(
    (c) => c.id.startsWith(query) || (c.aliasOf === undefined && c.label.toLowerCase().startsWith(query)),
  );
}
