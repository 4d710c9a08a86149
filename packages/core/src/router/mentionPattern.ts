/**
 * How an `@` mention is spelled, apart from where code is (see `parseMentions`): the thread title needs it at
 * activation and the router only with the first turn, so it is a module of its own.
 */

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

/** The names mentioned in `text` (code included): lower-cased, in order of first appearance, without duplicates. */
export function mentionNames(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
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
