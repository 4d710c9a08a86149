import { fencedBlocks } from './fences';
import { bareObjects, parseLenientJson } from './lenientJson';

/** Where a reply's block of data sits: its body, and the span to take out of the reply when it is read. */
export interface DataBlock {
  /** The fence's label (`ledger`, `json`, `` for none), or `prose` for an object written bare in the text. */
  info: string;
  body: string;
  start: number;
  end: number;
}

/** Labels that say a block is JSON: such a block that names the key is the reply's data even when it does not parse. */
const JSON_LABELS = new Set(['json', 'jsonc', 'json5', '']);

/**
 * The block a reply wrote for `tag` (`ledger`, `positions`), in order of what states it most plainly: the last fenced
 * block labelled `tag`; else the last fenced block labelled as JSON or not at all (`json`, `JSON`, `jsonc`, `json5`,
 * ```` ``` ````, `~~~`) whose body names `key`; else the last fenced block under another label, or object written
 * bare in the prose, that names `key` and parses as JSON (`parseLenientJson`): code that happens to hold the key in a
 * `js` block, or braces in prose, is no data. Undefined when the reply wrote none of these. The key is looked for as
 * a key (`"claims":`, `claims:`), not as a word of prose.
 */
export function dataBlock(text: string, tag: string, key: string): DataBlock | undefined {
  const names = keyPattern(key);
  const isJson = (body: string) => parseLenientJson(body).ok;
  const blocks = fencedBlocks(text);
  const fenced =
    blocks.findLast((b) => b.info === tag) ??
    blocks.findLast((b) => JSON_LABELS.has(b.info) && names.test(b.body)) ??
    blocks.findLast((b) => names.test(b.body) && isJson(b.body));
  if (fenced) return fenced;
  const insideFence = (at: number) => blocks.some((b) => b.start <= at && at < b.end);
  const bare = bareObjects(text).findLast((s) => {
    const body = text.slice(s.start, s.end);
    return names.test(body) && !insideFence(s.start) && isJson(body);
  });
  if (!bare) return undefined;
  // A fence opened just before the object and never closed goes with it: it is the block's, not the answer's.
  const line = text.lastIndexOf('\n', bare.start) + 1;
  const before = line > 0 ? text.lastIndexOf('\n', line - 2) + 1 : line;
  const opener = line > 0 && /^ {0,3}(?:`{3,}|~{3,})[^\n`]*\n[ \t]*$/.test(text.slice(before, bare.start));
  const start = opener ? before : bare.start;
  return { info: 'prose', body: text.slice(bare.start, bare.end), start, end: bare.end };
}

/** `key` as a JSON key: quoted or not, then a colon. */
function keyPattern(key: string): RegExp {
  return new RegExp(`(?:^|[{,\\s"'])${key}["']?\\s*:`);
}

/** The reply without `block`: the text before it and after it, as two paragraphs (either may be empty). */
export function without(text: string, block: Pick<DataBlock, 'start' | 'end'>): string {
  return [text.slice(0, block.start).trim(), text.slice(block.end).trim()].filter((p) => p !== '').join('\n\n');
}
