import type { Mark } from '../transcript/synthesisReading';
import { isMarkAlone, letterOf, markOf } from './replyWords';

// A ledger written as Markdown instead of the JSON block the prompt asks for: a table with a claim column and one
// column per response, or a list of claims each followed by its marks (`- xs can be empty — A: supported, B: disputed`).
// Only what has that shape is read: a table must have a `Claim` column and name at least one response in its header, a
// list item must end with nothing but `letter: mark` pairs. Line by line, so linear in the text.

/** A claim as a Markdown ledger gives it, before the ledger's limits are applied. */
export interface MarkdownClaim {
  claim: string;
  marks: Record<string, Mark>;
  for?: string;
  against?: string;
}

/** The claims read, and the lines (by index) the answer leaves out: only lines whose every word was read. */
export interface MarkdownLedger {
  claims: MarkdownClaim[];
  lines: Set<number>;
}

const CLAIM_HEADERS = ['claim', 'claims', 'statement', 'assertion', 'key claim', 'point'];

/** The last Markdown table that is a ledger, else every list item that is a claim with marks; undefined for neither. */
export function markdownLedger(text: string, known: ReadonlySet<string>): MarkdownLedger | undefined {
  const lines = text.split('\n');
  return lastTable(lines, known) ?? listLedger(lines, known);
}

/** A table row's cells, trimmed, without the pipes at its ends. */
function cells(line: string): string[] {
  const row = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return row.split('|').map((c) => c.trim());
}

function isSeparator(line: string): boolean {
  if (!line.includes('-')) return false;
  const row = cells(line);
  return row.length > 0 && row.every((c) => /^:?-+:?$/.test(c));
}

/** A cell's text without the bold or code around it. */
function plain(cell: string): string {
  return cell
    .replace(/^(\*\*|__|`)(.*)\1$/, '$2')
    .replace(/^["“](.*)["”]$/, '$1')
    .trim();
}

function lastTable(lines: readonly string[], known: ReadonlySet<string>): MarkdownLedger | undefined {
  let found: MarkdownLedger | undefined;
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = lines[i] ?? '';
    if (!head.includes('|') || !isSeparator(lines[i + 1] ?? '')) continue;
    const header = cells(head).map((h) => plain(h).toLowerCase());
    const letters = header.map((h) => letterOf(h, known));
    // The claim column must say so: a table of options compared under letters (`| Criterion | A | B |`) is no ledger.
    const column = header.findIndex((h) => CLAIM_HEADERS.includes(h));
    const forAt = header.indexOf('for');
    const againstAt = header.indexOf('against');
    let end = i + 2;
    while (end < lines.length && (lines[end] ?? '').includes('|') && (lines[end] ?? '').trim() !== '') end++;
    if (column >= 0 && letters.some((l) => l !== undefined)) {
      const claims: MarkdownClaim[] = [];
      // Whether every cell of the table was placed: read as a claim, a mark or an argument, a row's number, or empty.
      let whole = true;
      for (let r = i + 2; r < end; r++) {
        const row = cells(lines[r] ?? '');
        const claim = plain(row[column] ?? '');
        const marks: Record<string, Mark> = {};
        row.forEach((cell, j) => {
          const letter = letters[j];
          const mark = letter === undefined ? undefined : markOf(cell);
          if (letter !== undefined && mark && !Object.hasOwn(marks, letter)) marks[letter] = mark;
          const placed =
            j === column ||
            j === forAt ||
            j === againstAt ||
            (letter !== undefined && isMarkAlone(cell)) ||
            /^\d*\.?$/.test(cell);
          whole &&= placed;
        });
        if (claim === '' || Object.keys(marks).length === 0) {
          whole = false;
          continue;
        }
        const argument = (at: number) => (at >= 0 && plain(row[at] ?? '') !== '' ? plain(row[at] ?? '') : undefined);
        const [said, against] = [argument(forAt), argument(againstAt)];
        claims.push({ claim, marks, ...(said ? { for: said } : {}), ...(against ? { against } : {}) });
      }
      // The table leaves the answer only when all of it was read: else it stays whole, so no text is lost.
      if (claims.length > 0) found = { claims, lines: new Set(whole ? range(i, end) : []) };
    }
    i = end - 1;
  }
  return found;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/** The longest list item read as a claim: longer, it is a paragraph of the answer. */
const MAX_ITEM_CHARS = 2000;

function listLedger(lines: readonly string[], known: ReadonlySet<string>): MarkdownLedger | undefined {
  const claims: MarkdownClaim[] = [];
  const read = new Set<number>();
  lines.forEach((line, i) => {
    const item = line.length <= MAX_ITEM_CHARS ? /^\s{0,8}(?:[-*+]|\d{1,3}[.)])\s+(.*)$/.exec(line)?.[1] : undefined;
    const reading = item === undefined ? undefined : listClaim(item.trim(), known);
    if (reading) {
      claims.push(reading.claim);
      // An item with a word that read as no mark stays in the answer too, so that word is not lost.
      if (reading.whole) read.add(i);
    }
  });
  return claims.length > 0 ? { claims, lines: read } : undefined;
}

/**
 * A list item that is a claim and its marks: the claim, then ` — `, ` – `, ` - ` or ` | `, then only `letter: mark`
 * pairs (or those pairs in brackets at its end). The first split whose tail is all pairs wins, so a claim may hold a
 * dash itself.
 */
function listClaim(item: string, known: ReadonlySet<string>): { claim: MarkdownClaim; whole: boolean } | undefined {
  const separators = /\s(?:[—–|]|--?)\s/g;
  for (let tries = 0, m = separators.exec(item); m && tries < 12; tries++, m = separators.exec(item)) {
    const claim = claimText(item.slice(0, m.index));
    const pairs = markPairs(item.slice(m.index + m[0].length), known);
    if (claim !== '' && pairs) return { claim: { claim, marks: pairs.marks }, whole: pairs.whole };
  }
  const open = item.lastIndexOf('(');
  if (item.endsWith(')') && open > 0) {
    const claim = claimText(item.slice(0, open));
    const pairs = markPairs(item.slice(open + 1, -1), known);
    if (claim !== '' && pairs) return { claim: { claim, marks: pairs.marks }, whole: pairs.whole };
  }
  return undefined;
}

function claimText(said: string): string {
  return plain(said.trim().replace(/:$/, '').trim());
}

/**
 * `A: supported, B: disputed` (or `;`-separated, `=` for `:`) as marks, and whether every pair's mark was read;
 * undefined unless every part is such a pair and one mark at least was read.
 */
function markPairs(
  segment: string,
  known: ReadonlySet<string>,
): { marks: Record<string, Mark>; whole: boolean } | undefined {
  const parts = segment
    .split(/[,;]|\s\|\s/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || parts.length > 16) return undefined;
  const marks: Record<string, Mark> = {};
  let whole = true;
  for (const part of parts) {
    const pair = /^([^:=]{1,24})[:=](.*)$/.exec(part);
    const letter = pair?.[1] === undefined ? undefined : letterOf(pair[1], known);
    if (!letter) return undefined;
    const mark = markOf(pair?.[2] ?? '');
    if (mark && !Object.hasOwn(marks, letter)) marks[letter] = mark;
    whole &&= mark !== undefined && isMarkAlone(pair?.[2] ?? '');
  }
  return Object.keys(marks).length > 0 ? { marks, whole } : undefined;
}
