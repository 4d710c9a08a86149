import { MAX_ARGUMENT_CHARS, MAX_CLAIM_CHARS, MAX_LEDGER_CLAIMS } from '../transcript/ledgerLimits';
import type { Mark } from '../transcript/synthesisReading';
import { isRecord } from './fences';
import { dataBlock, without } from './jsonBlock';
import { type MarkdownClaim, markdownLedger } from './ledgerMarkdown';
import { parseLenientJson } from './lenientJson';
import { letterOf, markOf } from './replyWords';

export { type Fenced, fencedBlocks, isRecord } from './fences';

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

/** Where a claim's marks may sit besides the claim itself: `{"claim": "…", "marks": {"A": "supported"}}`. */
const NESTED_MARKS = ['marks', 'verdicts', 'responses', 'positions'];

/**
 * Reads the ledger a synthesis wrote. The block the prompt asks for is `{"claims": [{"claim": "…", "A":
 * "supported", …}]}` fenced as `ledger`; read as well: that JSON under any other fence label or none, or bare in the
 * prose (`dataBlock`), with comments and trailing commas (`parseLenientJson`); responses named `A`, `Response A`,
 * `response_a` (`letterOf`); marks in other words (`markOf`), also under `marks`, `verdicts` or `responses`; and, when
 * the reply holds no such JSON, a Markdown table or list of claims (`markdownLedger`). Letters not in `letters` are
 * left out; a claim with no mark left is dropped. The answer is the text without what was read; whatever could not be
 * read leaves the whole text as the answer, with why.
 */
export function parseLedger(text: string, letters: readonly string[]): LedgerReading {
  const known = new Set(letters);
  const block = dataBlock(text, 'ledger', 'claims');
  if (!block) return fromMarkdown(text, known) ?? { kind: 'none', answer: text };
  const parsed = parseLenientJson(block.body);
  if (!parsed.ok) {
    const table = block.info === 'ledger' ? markdownLedger(block.body, known) : undefined;
    if (table) return finish(table.claims, without(text, block));
    return { kind: 'malformed', answer: text, reason: 'it is not JSON' };
  }
  const json = parsed.value;
  const answers = isRecord(json) ? answersOf(json.answers, known) : undefined;
  const withAnswers = answers ? { answers } : {};
  const malformed = (reason: string): LedgerReading => ({ kind: 'malformed', answer: text, reason, ...withAnswers });
  const entries = isRecord(json) ? json.claims : Array.isArray(json) ? json : undefined;
  if (!Array.isArray(entries)) {
    const what = entries === undefined ? 'has no "claims" list' : `its "claims" is ${kindOf(entries)}, not a list`;
    return malformed(`it is JSON, but ${what}`);
  }
  const written = entries.filter(isRecord).flatMap((entry) => {
    const claim = claimOf(entry);
    return claim === undefined ? [] : [{ entry, claim }];
  });
  if (entries.length === 0) return malformed('its "claims" list is empty');
  if (written.length === 0) return malformed('it is JSON, but no entry of its "claims" list has a "claim" text');
  const claims = written.map(({ entry, claim }) => ({ claim, marks: marksOf(entry, known), ...argumentsOf(entry) }));
  const reading = finish(claims, without(text, block));
  if (reading.kind === 'ledger') return { ...reading, ...withAnswers };
  return malformed(`no claim marks any of the responses ${letters.join(', ') || '(none)'}`);
}

/** A ledger written as a Markdown table or list (no JSON in the reply); undefined when there is neither. */
function fromMarkdown(text: string, known: ReadonlySet<string>): LedgerReading | undefined {
  const table = markdownLedger(text, known);
  if (!table) return undefined;
  const answer = text
    .split('\n')
    .filter((_, i) => !table.lines.has(i))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return finish(table.claims, answer);
}

/** The ledger's limits applied (claims with marks, at most `MAX_LEDGER_CLAIMS`, each cut); `none` when none is left. */
function finish(claims: readonly MarkdownClaim[], answer: string): LedgerReading {
  const kept = claims.filter((c) => Object.keys(c.marks).length > 0).slice(0, MAX_LEDGER_CLAIMS);
  if (kept.length === 0) return { kind: 'none', answer };
  return {
    kind: 'ledger',
    answer,
    claims: kept.map((c) => ({
      claim: cut(c.claim, MAX_CLAIM_CHARS),
      marks: c.marks,
      ...(c.for !== undefined ? { for: cut(c.for, MAX_ARGUMENT_CHARS) } : {}),
      ...(c.against !== undefined ? { against: cut(c.against, MAX_ARGUMENT_CHARS) } : {}),
    })),
  };
}

/** What a JSON value is, as a reason says it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return isRecord(value) ? 'an object' : `a ${typeof value}`;
}

/** The claim's text, under `claim` (or `statement`, `text`); undefined when it has none. */
function claimOf(entry: Record<string, unknown>): string | undefined {
  const said = [entry.claim, entry.statement, entry.text].find((s) => typeof s === 'string' && s.trim() !== '');
  return typeof said === 'string' ? said.trim() : undefined;
}

function argumentsOf(entry: Record<string, unknown>): { for?: string; against?: string } {
  const argument = (key: 'for' | 'against') => {
    const said = entry[key];
    return typeof said === 'string' && said.trim() !== '' ? { [key]: said.trim() } : {};
  };
  return { ...argument('for'), ...argument('against') };
}

/** The chair's `answers`: a string (or number, or boolean) per known letter; undefined when none is usable. */
function answersOf(value: unknown, known: ReadonlySet<string>): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const answers: Record<string, string> = {};
  for (const [key, said] of Object.entries(value)) {
    const letter = letterOf(key, known);
    const text =
      typeof said === 'string'
        ? said
        : typeof said === 'number' || typeof said === 'boolean'
          ? String(said)
          : undefined;
    if (letter && text !== undefined && text.trim() !== '' && !Object.hasOwn(answers, letter)) {
      answers[letter] = text.slice(0, 400);
    }
  }
  return Object.keys(answers).length > 0 ? answers : undefined;
}

/** `text`, cut to at most `max` characters with an ellipsis. */
function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A claim's marks by letter: on the claim itself or nested; a string in other words, or `true`/`false`. */
function marksOf(entry: Record<string, unknown>, known: ReadonlySet<string>): Record<string, Mark> {
  const nested = NESTED_MARKS.map((k) => entry[k]).filter(isRecord);
  const marks: Record<string, Mark> = {};
  for (const source of [entry, ...nested]) {
    for (const [key, value] of Object.entries(source)) {
      const letter = letterOf(key, known);
      const mark =
        typeof value === 'string'
          ? markOf(value)
          : typeof value === 'boolean'
            ? value
              ? 'supported'
              : 'disputed'
            : undefined;
      if (letter && mark && !Object.hasOwn(marks, letter)) marks[letter] = mark;
    }
  }
  return marks;
}
