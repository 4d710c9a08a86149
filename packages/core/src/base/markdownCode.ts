/**
 * Where the code is in Markdown text: fenced code blocks and inline code spans, as `[start, end)` offsets in order.
 * Follows CommonMark closely enough for what reads prose around code (mentions, names): a fence is a line indented at
 * most three spaces opening with three or more ``` or ~~~ (a backtick fence's info string may not contain a
 * backtick), closed by a line with a fence of the same character at least as long and nothing after it, or by the
 * end of the text; a code span is a backtick run closed by the next run of exactly the same length, and an unmatched
 * run is literal text.
 */
export function codeRanges(text: string): [number, number][] {
  return codeParts(text).map((part) => [part.start, part.end]);
}

/** A stretch of code in Markdown text: a fenced block (its fences included) or an inline span (its backticks too). */
interface CodePart {
  kind: 'fence' | 'inline';
  start: number;
  end: number;
}

function codeParts(text: string): CodePart[] {
  const fences = fenceRanges(text);
  const parts: CodePart[] = [];
  let from = 0;
  for (const fence of [...fences, [text.length, text.length] as [number, number]]) {
    for (const span of inlineRanges(text.slice(from, fence[0]))) {
      parts.push({ kind: 'inline', start: span[0] + from, end: span[1] + from });
    }
    if (fence[1] > fence[0]) parts.push({ kind: 'fence', start: fence[0], end: fence[1] });
    from = fence[1];
  }
  return parts;
}

/**
 * Rewrites each part of Markdown text by what it is: every stretch of prose, every inline code span and every fenced
 * block (each passed whole, backticks and fences included), put back together in order.
 */
export function mapMarkdown(
  text: string,
  rewrite: { prose: (prose: string) => string; inline: (span: string) => string; fence: (block: string) => string },
): string {
  let out = '';
  let from = 0;
  for (const { kind, start, end } of codeParts(text)) {
    out += rewrite.prose(text.slice(from, start)) + rewrite[kind](text.slice(start, end));
    from = end;
  }
  return out + rewrite.prose(text.slice(from));
}

function fenceRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let open: { char: string; length: number; start: number } | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const end = offset + line.length + 1; // past the line's newline
    // `[^\n]*`, not `.*`: a line of CRLF text ends in `\r`, which `.` does not match.
    const fence = /^ {0,3}(`{3,}|~{3,})([^\n]*)$/.exec(line);
    if (open === undefined) {
      if (fence?.[1] && !(fence[1].startsWith('`') && fence[2]?.includes('`'))) {
        open = { char: fence[1].charAt(0), length: fence[1].length, start: offset };
      }
    } else if (fence?.[1]?.charAt(0) === open.char && fence[1].length >= open.length && fence[2]?.trim() === '') {
      ranges.push([open.start, Math.min(end, text.length)]);
      open = undefined;
    }
    offset = end;
  }
  if (open) ranges.push([open.start, text.length]);
  return ranges;
}

function inlineRanges(text: string): [number, number][] {
  const runs = [...text.matchAll(/`+/g)].map((m) => ({ start: m.index, length: m[0].length }));
  const ranges: [number, number][] = [];
  for (let i = 0; i < runs.length; i++) {
    const opener = runs[i];
    if (opener === undefined) continue;
    // Only the last run of each length can lack a closer, so this scan stays linear in practice.
    let closer = i + 1;
    while (closer < runs.length && runs[closer]?.length !== opener.length) closer++;
    const end = runs[closer];
    if (end === undefined) continue;
    ranges.push([opener.start, end.start + end.length]);
    i = closer;
  }
  return ranges;
}
