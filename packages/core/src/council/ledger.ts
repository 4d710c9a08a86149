import * as z from 'zod/mini';

/** How a response stands on one claim of a synthesis. */
export type Mark = 'supported' | 'disputed' | 'not addressed';

export interface LedgerClaim {
  claim: string;
  /** By response letter: only the letters of the plan, each at most once. */
  marks: Record<string, Mark>;
}

/**
 * What a synthesis says, read: its answer and its ledger (`ledger`); its whole text and why its ledger could not be
 * read (`malformed`); or its whole text when it wrote no ledger at all (`none`). A model's output is parsed, never
 * trusted: whatever it writes gives one of these, never an exception.
 */
export type LedgerReading =
  | { kind: 'ledger'; answer: string; claims: LedgerClaim[] }
  | { kind: 'malformed'; answer: string; note: string }
  | { kind: 'none'; answer: string };

/** The most claims a ledger shows; more are cut with a note. */
export const MAX_LEDGER_CLAIMS = 40;
const MAX_CLAIM_CHARS = 600;

const Claim = z.looseObject({ claim: z.string().check(z.trim(), z.minLength(1)) });
const Ledger = z.looseObject({ claims: z.array(Claim).check(z.minLength(1)) });

/** A fenced block of the text: its info string, its body, and where the whole block (fences included) sits. */
interface Fenced {
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
  const malformed = (why: string): LedgerReading => ({
    kind: 'malformed',
    answer: text,
    note: `The ledger could not be read (${why}); it is shown as the model wrote it.`,
  });
  let json: unknown;
  try {
    json = JSON.parse(block.body);
  } catch {
    return malformed('it is not JSON');
  }
  const parsed = Ledger.safeParse(json);
  if (!parsed.success) return malformed('it needs a "claims" list, each with a "claim"');
  const known = new Set(letters);
  const claims: LedgerClaim[] = [];
  for (const entry of parsed.data.claims.slice(0, MAX_LEDGER_CLAIMS)) {
    const marks = marksOf(entry, known);
    if (Object.keys(marks).length === 0) continue;
    const claim = entry.claim.length > MAX_CLAIM_CHARS ? `${entry.claim.slice(0, MAX_CLAIM_CHARS - 1)}…` : entry.claim;
    claims.push({ claim, marks });
  }
  if (claims.length === 0) return malformed(`no claim marks any of the responses ${letters.join(', ') || '(none)'}`);
  // The answer is the text around the block, as two paragraphs.
  const answer = [text.slice(0, block.start).trim(), text.slice(block.end).trim()].filter((p) => p !== '').join('\n\n');
  return { kind: 'ledger', answer, claims };
}

/** Every fenced block, in one pass over the lines (a model's text can be megabytes: nothing here backtracks). */
function fencedBlocks(text: string): Fenced[] {
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

function marksOf(entry: Record<string, unknown>, known: ReadonlySet<string>): Record<string, Mark> {
  const nested = [entry.marks, entry.verdicts].find((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  const source = { ...entry, ...(nested as Record<string, unknown> | undefined) };
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

/**
 * The one-line verdict a review starts with (`Verdict: …`, in any case, bold or not), else the review's first line;
 * at most 200 characters. Empty for an empty review.
 */
export function verdictOf(text: string): string {
  const first =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  const labelled = /^[*_#>\s]*verdict[*_\s]*[:：][*_\s]*(.*?)[*_\s]*$/i.exec(first);
  const line = (labelled ? labelled[1] : first) ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
