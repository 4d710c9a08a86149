import { MAX_ARGUMENT_CHARS, MAX_CLAIM_CHARS, MAX_LEDGER_CLAIMS } from '../transcript/ledgerLimits';
import type { Mark } from '../transcript/synthesisReading';

/** A claim of a ledger as the model wrote it: marked by response letter. */
export interface LetteredClaim {
  claim: string;
  /** By response letter: only the letters of the plan, each at most once. */
  marks: Record<string, Mark>;
  /** The strongest argument for the claim and against it, as the chair gave them (a disputed claim's). */
  for?: string;
  against?: string;
}

/**
 * What a synthesis says, read: its answer and its ledger (`ledger`); its whole text and why its ledger could not be
 * read (`malformed`); or its whole text when it wrote no ledger at all (`none`). A model's output is parsed, never
 * trusted: whatever it writes gives one of these, never an exception.
 */
export type LedgerReading = (
  | { kind: 'ledger'; answer: string; claims: LetteredClaim[] }
  | { kind: 'malformed'; answer: string; reason: string }
  | { kind: 'none'; answer: string }
) & {
  /**
   * The short final answer the chair read in each response, by letter (`"answers": {"A": "42"}` in the block), as it
   * wrote it; absent when it gave none. Read even when the claims could not be.
   */
  answers?: Record<string, string>;
};

/** A fenced block of the text: its info string, its body, and where the whole block (fences included) sits. */
export interface Fenced {
  info: string;
  body: string;
  start: number;
  end: number;
}

/**
 * Reads the ledger a synthesis wrote: the last fenced block tagged `ledger` (or `json`, if it holds `claims`) in
 * `text`, as `{"claims": [{"claim": "…", "A": "supported", "B": "disputed", …}]}` (the marks may also sit under a
 * `marks` or `verdicts` object). Marks are read loosely (`Supported`, `not_addressed`, `not-addressed`); letters not
 * in `letters` are left out; a claim with no mark left is dropped. The answer is the text without the block.
 */
export function parseLedger(text: string, letters: readonly string[]): LedgerReading {
  const blocks = fencedBlocks(text);
  const block =
    blocks.findLast((b) => b.info === 'ledger') ?? blocks.findLast((b) => b.info === 'json' && /"claims"/.test(b.body));
  if (!block) return { kind: 'none', answer: text };
  let json: unknown;
  try {
    json = JSON.parse(block.body);
  } catch {
    return { kind: 'malformed', answer: text, reason: 'it is not JSON' };
  }
  const answers = isRecord(json) ? answersOf(json.answers, new Set(letters)) : undefined;
  const withAnswers = answers ? { answers } : {};
  const malformed = (reason: string): LedgerReading => ({ kind: 'malformed', answer: text, reason, ...withAnswers });
  const entries = isRecord(json) ? json.claims : undefined;
  const isClaim = (c: unknown) => isRecord(c) && typeof c.claim === 'string' && c.claim.trim() !== '';
  if (!Array.isArray(entries) || entries.length === 0 || !entries.every(isClaim)) {
    return malformed('it needs a "claims" list, each with a "claim"');
  }
  const known = new Set(letters);
  const claims: LetteredClaim[] = [];
  for (const entry of (entries as (Record<string, unknown> & { claim: string })[]).slice(0, MAX_LEDGER_CLAIMS)) {
    const marks = marksOf(entry, known);
    if (Object.keys(marks).length === 0) continue;
    const claim = cut(entry.claim.trim(), MAX_CLAIM_CHARS);
    const argument = (key: 'for' | 'against') => {
      const said = entry[key];
      return typeof said === 'string' && said.trim() !== '' ? { [key]: cut(said.trim(), MAX_ARGUMENT_CHARS) } : {};
    };
    claims.push({ claim, marks, ...argument('for'), ...argument('against') });
  }
  if (claims.length === 0) return malformed(`no claim marks any of the responses ${letters.join(', ') || '(none)'}`);
  // The answer is the text around the block, as two paragraphs.
  const answer = [text.slice(0, block.start).trim(), text.slice(block.end).trim()].filter((p) => p !== '').join('\n\n');
  return { kind: 'ledger', answer, claims, ...withAnswers };
}

/** The chair's `answers`: a string (or number, or boolean) per known letter; undefined when none is usable. */
function answersOf(value: unknown, known: ReadonlySet<string>): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const answers: Record<string, string> = {};
  for (const [key, said] of Object.entries(value)) {
    const letter = key
      .trim()
      .replace(/^response\s+/i, '')
      .toUpperCase();
    const text =
      typeof said === 'string'
        ? said
        : typeof said === 'number' || typeof said === 'boolean'
          ? String(said)
          : undefined;
    if (known.has(letter) && text !== undefined && text.trim() !== '' && !Object.hasOwn(answers, letter)) {
      answers[letter] = text.slice(0, 400);
    }
  }
  return Object.keys(answers).length > 0 ? answers : undefined;
}

/** Every fenced block, in one pass over the lines (a model's text can be megabytes: nothing here backtracks). */
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

/** `text`, cut to at most `max` characters with an ellipsis. */
function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function marksOf(entry: Record<string, unknown>, known: ReadonlySet<string>): Record<string, Mark> {
  const nested = [entry.marks, entry.verdicts].find(isRecord);
  const source = { ...entry, ...nested };
  const marks: Record<string, Mark> = {};
  for (const [key, value] of Object.entries(source)) {
    const letter = key
      .trim()
      .replace(/^response\s+/i, '')
      .toUpperCase();
    const mark = typeof value === 'string' ? readMark(value) : undefined;
    if (known.has(letter) && mark && !Object.hasOwn(marks, letter)) marks[letter] = mark;
  }
  return marks;
}

function readMark(value: string): Mark | undefined {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (v === 'supported' || v === 'supports' || v === 'agrees') return 'supported';
  if (v === 'disputed' || v === 'disputes' || v === 'contradicts') return 'disputed';
  if (v === 'not addressed' || v === 'none' || v === 'silent') return 'not addressed';
  return undefined;
}
