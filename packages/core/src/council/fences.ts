// Fenced blocks of a model's text, found in one pass over its lines: a reply can be megabytes, so nothing here
// backtracks, and an unclosed fence is no block (its text stays prose).

/** A fenced block of the text: its info string (first word, lower case), its body, and where the whole block sits. */
export interface Fenced {
  info: string;
  body: string;
  start: number;
  end: number;
}

/** Every closed fenced block (``` or ~~~, indented up to three spaces), in the order written. */
export function fencedBlocks(text: string): Fenced[] {
  const blocks: Fenced[] = [];
  let open: { fence: string; info: string; start: number; bodyStart: number } | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const end = offset + line.length + 1;
    const fence = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*?\r?$/.exec(line);
    if (!open) {
      if (fence?.[1]) open = { fence: fence[1], info: (fence[2] ?? '').toLowerCase(), start: offset, bodyStart: end };
    } else if (fence?.[1]?.startsWith(open.fence) && fence[2] === '' && /^[`~]+$/.test(fence[1])) {
      const body = text.slice(open.bodyStart, Math.max(open.bodyStart, offset - 1));
      blocks.push({ info: open.info, body, start: open.start, end: Math.min(end, text.length) });
      open = undefined;
    }
    offset = end;
  }
  return blocks;
}

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
