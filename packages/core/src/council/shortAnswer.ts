// Short answers and their normal forms: what a vote counts. A question with one short answer (a number, a choice, yes
// or no, a name, what a program prints) is answered by each seat in its own words; two answers are the same vote when
// their normal forms are equal. Pure and total: whatever a model writes gives a normal form or undefined, never an
// exception, and no pattern here backtracks over a long text.
import { MAX_SHORT_ANSWER_CHARS } from '../transcript/ledgerLimits';

export { statedAnswer } from './statedAnswer';
export { MAX_SHORT_ANSWER_CHARS };

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};

/**
 * A short answer in normal form, so that the same answer in other words counts as the same vote; undefined when there
 * is none (empty) or it is not short (over `MAX_SHORT_ANSWER_CHARS` once normal). In order:
 * - code (a fenced block or backticks around the whole answer) is unwrapped first: what a program prints is compared
 *   as any other answer, its lines joined by single spaces;
 * - yes or no: `Yes.`, `no`, `True`, `false` (alone, or followed by a reason after a comma or a dash) become `yes` or
 *   `no`;
 * - a choice: `B`, `(b)`, `B)`, `Option B`, `Choice (C)` become the capital letter (A to J);
 * - a number: `1,000`, `1 000`, `$42.50`, `-3.0`, `1.5e3`, `1/2`, `42%`, `four`, `42 apples` (a number and at most
 *   three words, a unit) become the plainest decimal (`1000`, `42.5`, `-3`, `1500`, `0.5`, `42%`, `4`, `42`);
 * - anything else is a name or a phrase: Unicode-normalised, lower case, spaces collapsed, quotes, articles at the
 *   start and punctuation at the end dropped.
 * Normal forms are fixed points: the normal form of a normal form is itself.
 */
export function normalAnswer(raw: string): string | undefined {
  const text = raw.normalize('NFKC');
  return bounded(formOf(unwrapCode(text) ?? text));
}

function bounded(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value.length > MAX_SHORT_ANSWER_CHARS ? undefined : value;
}

/** The text inside a fenced block or backticks that make up the whole answer; undefined when it is not code. */
function unwrapCode(text: string): string | undefined {
  const trimmed = text.trim();
  const fenced = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?\1\s*$/.exec(trimmed);
  if (fenced) return fenced[2] ?? '';
  const inline = /^(`+)([^`]|[^`][\s\S]*?[^`])\1$/.exec(trimmed);
  return inline ? (inline[2] ?? '').trim() : undefined;
}

/** The normal form of a one-line answer (see `normalAnswer`). */
function formOf(text: string): string | undefined {
  let plain = text
    .replace(/\*\*|__/g, '')
    .replace(/[“”"«»]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Quotes around it and punctuation after it, in any order, until none is left (so the result is a fixed point).
  for (let before = ''; before !== plain; ) {
    before = plain;
    plain = plain
      .replace(/^['‘’]|['‘’]$/g, '')
      .replace(/[.!;,:。]+$/, '')
      .trim();
  }
  if (plain === '') return undefined;
  const yesNo = /^(yes|no|true|false)(?:$|[,.;:!]\s|\s[-—–]\s)/i.exec(plain)?.[1]?.toLowerCase();
  if (yesNo) return yesNo === 'yes' || yesNo === 'true' ? 'yes' : 'no';
  const choice = choiceOf(plain);
  if (choice) return choice;
  const number = numberOf(plain);
  if (number !== undefined) return number;
  let phrase = plain.toLowerCase();
  // An article goes unless a lone letter would be left (which would then read as a choice).
  while (/^(?:the|a|an)\s+\S\S/.test(phrase)) phrase = phrase.replace(/^(?:the|a|an)\s+/, '');
  return phrase;
}

/**
 * A choice's capital letter: `Option B`, `choice (c)`, `(b)` or `B.`, `B)`, `B:` at the start (a reason may follow), or
 * a letter alone.
 */
function choiceOf(text: string): string | undefined {
  const letter =
    /^(?:option|choice)\s+\(?([A-J])\)?(?![A-Za-z])/i.exec(text)?.[1] ??
    /^\(([A-J])\)/i.exec(text)?.[1] ??
    /^([A-J])(?:[.):](?:\s|$)|\s[-–—]\s|$)/.exec(text)?.[1] ??
    /^([a-j])$/.exec(text)?.[1];
  return letter?.toUpperCase();
}

/** A number as the plainest decimal, with its `%` kept; undefined when the text is not a number (and a few words). */
function numberOf(text: string): string | undefined {
  const lower = text.toLowerCase();
  const word = /^([a-z]+)(?:\s+[a-z][a-z'-]+){0,3}$/.exec(lower)?.[1];
  if (word !== undefined && Object.hasOwn(NUMBER_WORDS, word)) return String(NUMBER_WORDS[word]);
  const match =
    /^([-+−]?)[$€£¥]?\s?(\d{1,3}(?:[, ]\d{3})+|\d+)(?:\.(\d+))?(?:e([-+]?\d{1,3}))?(?:\/(\d+))?\s?(%?)(?:\s+[a-z][a-z'-]+){0,3}$/i.exec(
      lower,
    );
  if (!match) return undefined;
  const [, sign, whole = '', fraction, exponent, denominator, percent] = match;
  let value = Number(`${whole.replace(/[, ]/g, '')}${fraction ? `.${fraction}` : ''}${exponent ? `e${exponent}` : ''}`);
  if (denominator !== undefined) {
    const d = Number(denominator);
    if (d === 0 || fraction !== undefined || exponent !== undefined) return undefined;
    value /= d;
  }
  if (!Number.isFinite(value)) return undefined;
  if (sign === '-' || sign === '−') value = -value;
  // Twelve significant digits: 0.1 + 0.2 and 0.3 are one answer; a number needing more is rare in a short answer.
  const plainest = String(Number(value.toPrecision(12)));
  return `${plainest === '-0' ? '0' : plainest}${percent ?? ''}`;
}
