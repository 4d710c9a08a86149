/**
 * Where the code is in Markdown text: fenced code blocks and inline code spans, as `[start, end)` offsets in order.
 * Follows CommonMark closely enough for what reads prose around code (mentions, names): a fence is a line indented at
 * most three spaces opening with three or more ``` or ~~~ (a backtick fence's info string may not contain a
 * backtick), closed by a line with a fence of the same character at least as long and nothing after it, or by the
 * end of the text; a code span is a backtick run closed by the next run of exactly the same length, and an unmatched
 * run is literal text.
 */
export function codeRanges(text: string): [number, number][] {
  const fences = fenceRanges(text);
  const ranges: [number, number][] = [];
  let from = 0;
  for (const fence of [...fences, [text.length, text.length] as [number, number]]) {
    for (const span of inlineRanges(text.slice(from, fence[0]))) ranges.push([span[0] + from, span[1] + from]);
    if (fence[1] > fence[0]) ranges.push(fence);
    from = fence[1];
  }
  return ranges;
}

/** Applies `rewrite` to every stretch of prose and leaves the code exactly as it is. */
export function mapProse(text: string, rewrite: (prose: string) => string): string {
  let out = '';
  let from = 0;
  for (const [start, end] of codeRanges(text)) {
    out += rewrite(text.slice(from, start)) + text.slice(start, end);
    from = end;
  }
  return out + rewrite(text.slice(from));
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
