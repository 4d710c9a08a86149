// JSON as models write it. Strict JSON is tried first; then the same text with what models add to JSON and JSON
// does not allow taken out or fixed: `//` and `/* */` comments, a comma before `]` or `}`, keys without quotes,
// strings in single quotes, and a line break inside a string. Nothing is added that changes a value: a text that is
// still not JSON after that is not read. Each pass is linear in the text.

export type JsonParse = { ok: true; value: unknown } | { ok: false };

/** `text` parsed as JSON, strictly or after the relaxations above; `ok: false` when even that is not JSON. */
export function parseLenientJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Not strict JSON: relaxed below.
  }
  try {
    return { ok: true, value: JSON.parse(relaxed(text)) };
  } catch {
    return { ok: false };
  }
}

const IDENTIFIER = /[A-Za-z0-9_$]/;

/** `text` with comments and trailing commas dropped, bare keys and single-quoted strings double-quoted. */
function relaxed(text: string): string {
  let out = '';
  // The last character written outside a string that is not a space: a bare key may follow only `{` or `,`.
  let last = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' || (c === "'" && '{[,:'.includes(last))) {
      const end = stringEnd(text, i, c);
      out += `"${escapedBody(text.slice(i + 1, end), c)}"`;
      last = '"';
      i = end + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (c === ',' && closesNext(text, i + 1)) {
      i++;
    } else if ((last === '{' || last === ',') && /[A-Za-z_$]/.test(c)) {
      let j = i;
      while (j < text.length && IDENTIFIER.test(text[j] as string)) j++;
      let k = j;
      while (k < text.length && /[ \t]/.test(text[k] as string)) k++;
      // A word a colon follows is a key; any other (`true`, `null`, a number's letters) is written as it was.
      const word = text.slice(i, j);
      out += text[k] === ':' ? `"${word}"` : word;
      last = text[k] === ':' ? '"' : word.slice(-1);
      i = j;
    } else {
      out += c;
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return out;
}

/** Where the string opened at `open` by `quote` closes (the text's length when it never does). */
function stringEnd(text: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return Math.min(i, text.length);
}

/** A string's body as JSON wants it: raw line breaks escaped, and for a single-quoted one, its double quotes. */
function escapedBody(body: string, quote: string): string {
  const lines = body.replace(/\r?\n/g, '\\n').replace(/\t/g, '\\t');
  return quote === "'" ? lines.replace(/\\'/g, "'").replace(/"/g, '\\"') : lines;
}

/** Whether only spaces and comments stand between `from` and a `]` or `}`: then the comma before is a trailing one. */
function closesNext(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) i++;
    else if (c === '/' && text[i + 1] === '/') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else return c === ']' || c === '}';
  }
  return false;
}

/** A balanced `{…}` found in prose: where it starts and ends (exclusive). */
export interface Span {
  start: number;
  end: number;
}

/**
 * The objects written bare in prose: each `{` that opens a line, up to its matching `}` (strings and `//` comments
 * skipped). A `{` that never closes is no object. Linear: the scan reads at most four times the text before it
 * gives up, so a text of unclosed braces costs no more than a few passes.
 */
export function bareObjects(text: string): Span[] {
  const spans: Span[] = [];
  let budget = text.length * 4 + 1024;
  let from = 0;
  while (from < text.length && budget > 0) {
    const start = lineOpeningBrace(text, from);
    if (start < 0) break;
    let depth = 0;
    let i = start;
    let end = -1;
    while (i < text.length && budget-- > 0) {
      const c = text[i];
      if (c === '"') i = stringEnd(text, i, '"');
      else if (c === '/' && text[i + 1] === '/') {
        const eol = text.indexOf('\n', i);
        i = eol < 0 ? text.length : eol - 1;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) {
          end = i + 1;
          break;
        }
      }
      i++;
    }
    if (end > 0) spans.push({ start, end });
    from = end > 0 ? end : start + 1;
  }
  return spans;
}

/** The offset of the first `{` at or after `from` that only spaces precede on its line; -1 when there is none. */
function lineOpeningBrace(text: string, from: number): number {
  let at = text.indexOf('{', from);
  while (at >= 0) {
    let j = at - 1;
    while (j >= 0 && (text[j] === ' ' || text[j] === '\t')) j--;
    if (j < 0 || text[j] === '\n') return at;
    at = text.indexOf('{', at + 1);
  }
  return -1;
}
