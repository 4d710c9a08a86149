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
 * Replaces fenced code blocks and inline code spans with spaces (newlines kept, so positions and line starts
 * survive). Follows CommonMark closely enough for mentions: a fence is a line indented at most three spaces
 * opening with three or more ``` or ~~~, closed by a line with a fence of the same character at least as long,
 * or by the end of the text; a code span is a backtick run closed by the next run of exactly the same length,
 * and an unmatched run is literal text.
 */
function blankCode(text: string): string {
  return blankInlineCode(blankFences(text));
}

function blank(s: string): string {
  return s.replace(/[^\n]/g, ' ');
}

function blankFences(text: string): string {
  const lines = text.split('\n');
  let open: { char: string; length: number } | undefined;
  return lines
    .map((line) => {
      // `[^\n]*`, not `.*`: a line of CRLF text ends in `\r`, which `.` does not match.
      const fence = /^ {0,3}(`{3,}|~{3,})([^\n]*)$/.exec(line);
      if (open === undefined) {
        // A backtick fence's info string may not contain a backtick; such a line is inline code instead.
        if (fence?.[1] && !(fence[1].startsWith('`') && fence[2]?.includes('`'))) {
          open = { char: fence[1].charAt(0), length: fence[1].length };
          return blank(line);
        }
        return line;
      }
      const closes = fence?.[1]?.charAt(0) === open.char && fence[1].length >= open.length && fence[2]?.trim() === '';
      if (closes) open = undefined;
      return blank(line);
    })
    .join('\n');
}

function blankInlineCode(text: string): string {
  const runs = [...text.matchAll(/`+/g)].map((m) => ({ start: m.index, length: m[0].length }));
  let out = '';
  let copied = 0;
  for (let i = 0; i < runs.length; i++) {
    const opener = runs[i];
    if (opener === undefined) continue;
    // Only the last run of each length can lack a closer, so this scan stays linear in practice.
    let closer = i + 1;
    while (closer < runs.length && runs[closer]?.length !== opener.length) closer++;
    const end = runs[closer];
    if (end === undefined) continue;
    out += text.slice(copied, opener.start) + blank(text.slice(opener.start, end.start + end.length));
    copied = end.start + end.length;
    i = closer;
  }
  return out + text.slice(copied);
}
