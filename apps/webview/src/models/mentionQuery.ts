import { MAX_FILE_QUERY_CHARS } from '@roundtable/core/limits';

/** An `@name` or a `#name` being typed: where its `@` or `#` is, and the part of the name typed so far. */
export interface MentionQuery {
  /** Index of the `@` or `#`. */
  start: number;
  /** The name so far, lower-cased (may be empty: just the `@` or `#`). */
  query: string;
  /** True for a `#name`: a workspace file is being named, not someone to address. */
  files: boolean;
}

/**
 * The characters after which an `@` starts a mention, as the router reads mentions: the start, whitespace, opening
 * brackets and quotes, emphasis and list separators. So `me@claude.ai` never opens the autocomplete.
 */
const MENTION_START = /[\s([{<"'“‘«‹*~,;]/u;
/**
 * An `@` and name characters, or a `#` and anything but whitespace up to the longest query the host takes
 * (`MAX_FILE_QUERY_CHARS`; longer is no file being named), at the end of the text before the caret.
 */
const TYPED = new RegExp(`(?:@([A-Za-z][A-Za-z0-9_-]*)?|#([^\\s#]{0,${MAX_FILE_QUERY_CHARS}}))$`);

/**
 * The `@name` or `#name` the caret is in, if any. An `@` at a mention start, then name characters up to the caret;
 * a `#` at the start or after whitespace (so `issue#3` names no file), then anything but whitespace. None inside a
 * fenced code block (code is full of `@decorators` and `#include`s).
 */
export function mentionAt(text: string, caret: number): MentionQuery | undefined {
  const before = text.slice(0, caret);
  const match = TYPED.exec(before);
  if (!match) return undefined;
  const start = match.index;
  const files = match[0][0] === '#';
  if (start > 0 && !(files ? /\s/ : MENTION_START).test(before[start - 1] ?? '')) return undefined;
  if (insideFence(before)) return undefined;
  return { start, query: (match[1] ?? match[2] ?? '').toLowerCase(), files };
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

/**
 * The host's answer to `files/find` as candidates, each named by its workspace-relative path (as "Add File to
 * Chat…" lists them), if it answers `query`: an answer to what was typed before is not shown.
 */
export function fileCandidates(
  found: { query: string; files: string[] } | undefined,
  query: string,
): MentionCandidate[] {
  return found?.query === query ? found.files.map((id) => ({ id, label: id, detail: '' })) : [];
}
