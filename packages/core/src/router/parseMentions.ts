import { codeRanges } from '../base/markdownCode';

/**
 * Characters after which an `@` starts a mention: whitespace, opening brackets and quotes, markdown emphasis,
 * and list separators. Never a letter, digit or other word character, so `me@claude.ai` and `foo@gpt` are
 * e-mail-like text, not mentions.
 */
const MENTION_START = String.raw`(?<=^|[\s(\[{<"'“‘«‹*~,;])`;
/**
 * An id as `ParticipantId` spells it, in any case. The lookahead makes the match all-or-nothing: a mention
 * ends at a character that cannot continue a name, so `@claude,` and `@claude.` mention claude while
 * `@clàude` (a non-ASCII letter) mentions nobody rather than "cl".
 */
const MENTION = new RegExp(String.raw`${MENTION_START}@([A-Za-z][A-Za-z0-9_-]*)(?![\p{L}\p{N}_-])`, 'gu');

/**
 * The `@` mentions in a user message: lower-cased, in order of first appearance, without duplicates. Includes
 * `all` and ids that match no participant; the router decides what they mean. Mentions inside inline code or
 * fenced code blocks are ignored (pasted code is full of `@decorators`).
 */
export function parseMentions(text: string): string[] {
  const seen = new Set<string>();
  for (const match of blankCode(text).matchAll(MENTION)) {
    const id = match[1];
    if (id !== undefined) seen.add(id.toLowerCase());
  }
  return [...seen];
}

/**
 * The text without its `@` mentions (code included: the text is meant to have none left, for a title). A mention's
 * removal can put another `@` where a mention starts (`@a@b`), so it repeats until none is left.
 */
export function stripMentions(text: string): string {
  let out = text;
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(MENTION, ' ');
  }
  return out;
}

/** The text with its code (fenced blocks, inline spans) replaced by spaces; newlines kept, so positions survive. */
function blankCode(text: string): string {
  let out = '';
  let from = 0;
  for (const [start, end] of codeRanges(text)) {
    out += text.slice(from, start) + text.slice(start, end).replace(/[^\n]/g, ' ');
    from = end;
  }
  return out + text.slice(from);
}
