import type { Mark, Position } from '../transcript/synthesisReading';

// The words a model uses for what the council's formats ask of it: which response it means, and how a response stands
// on a claim. Each reads only what the text states: a word that is not in these lists reads as nothing, never as the
// nearest guess. Pure, and bounded: each pattern here runs on one short, trimmed cell.

/** The longest key or cell read as a letter or a mark (a longer one is prose, not a label). */
const MAX_WORD_CHARS = 80;

/**
 * The letter of `known` a key names: `A`, `a`, `Response A`, `response_a`, `Resp. A`, `(A)`, `**A**`. The council's
 * prompts name each response `Response <letter>` (`responseLabel`), so that label and its shorter forms are all that
 * is read; undefined for any other key.
 */
export function letterOf(key: string, known: ReadonlySet<string>): string | undefined {
  if (key.length > MAX_WORD_CHARS) return undefined;
  const bare = key
    .replace(/[*_`"'[\]()]/g, ' ')
    .trim()
    .toLowerCase();
  const letter = /^(?:(?:response|resp\.?)[\s_.-]*)?([a-z])$/.exec(bare)?.[1]?.toUpperCase();
  return letter !== undefined && known.has(letter) ? letter : undefined;
}

const SUPPORTED = [
  'supported',
  'supports',
  'support',
  'agrees',
  'agree',
  'agreed',
  'yes',
  'true',
  'holds',
  'holds it',
  'correct',
  '✓',
  '✔',
  '✔️',
  '✅',
  '👍',
];
const DISPUTED = [
  'disputed',
  'disputes',
  'dispute',
  'disagrees',
  'disagree',
  'no',
  'false',
  'contradicts',
  'contradicted',
  'rejects',
  'rejected',
  'rejects it',
  'refutes',
  'incorrect',
  '✗',
  '✘',
  '❌',
  '👎',
];
const NOT_ADDRESSED = [
  'not addressed',
  'unaddressed',
  'not mentioned',
  'not stated',
  'silent',
  'none',
  'n/a',
  'na',
  '-',
  '–',
  '—',
];

/**
 * A mark said in a model's words: `supported` (`Supported`, `agrees`, `yes`, `✓`, `true`), `disputed` (`disagrees`,
 * `no`, `✗`, `false`, `contradicts`), `not addressed` (`not_addressed`, `n/a`, `none`, `-`, `silent`,
 * `not mentioned`). A cell may explain itself after its word (`Disputed — says it is safe`, `✓ (cites the docs)`):
 * the word before the first `(`, `,`, `;`, ` - ` or `:` is read then. Undefined for anything else, and for a partial
 * mark (`partially`, `mixed`, `somewhat`): a ledger's mark is one of three, none of them partial, and reading a partial
 * one as either side would state what the chair did not.
 */
export function markOf(said: string): Mark | undefined {
  if (said.length > MAX_WORD_CHARS) return undefined;
  const whole = wordsOf(said);
  const head = wordsOf(said.split(/[(,;:]| [-–—] /)[0] ?? '');
  for (const words of [whole, head]) {
    if (words === '') continue;
    if (SUPPORTED.includes(words)) return 'supported';
    if (DISPUTED.includes(words)) return 'disputed';
    if (NOT_ADDRESSED.includes(words)) return 'not addressed';
  }
  return undefined;
}

/** Whether `said` is a mark and nothing more (`Supported`, not `Supported (cites the docs)`): all of it is read. */
export function isMarkAlone(said: string): boolean {
  const words = wordsOf(said);
  return [SUPPORTED, DISPUTED, NOT_ADDRESSED].some((list) => list.includes(words));
}

/** A position said in a model's words: a mark that holds or rejects the claim (`not addressed` is no position). */
export function positionOf(said: string): Position | undefined {
  const mark = markOf(said);
  return mark === 'supported' || mark === 'disputed' ? mark : undefined;
}

/** A cell's words, lower case, markup and spacing dropped, so `**Not_Addressed.**` and `not addressed` are one. */
function wordsOf(said: string): string {
  const plain = said
    .replace(/[*`"“”]/g, '')
    .trim()
    .toLowerCase();
  if (/^[-–—]$/.test(plain)) return plain;
  return plain
    .replace(/[\s_-]+/g, ' ')
    .replace(/[.!]+$/, '')
    .trim();
}
