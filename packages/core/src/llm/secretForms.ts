/**
 * How many characters of `text`, from `at`, spell the one character `char` in a form a server may echo it in, or 0.
 * The forms are the raw character; a JSON escape (`\u0026` in either case, Go's way with `&`, `<`, `>`; `\"`, `\\`,
 * `\/` and the control escapes), with its backslash itself escaped any number of times (JSON inside a JSON string);
 * percent-encoding of its UTF-8 bytes (either case, `%2526` for a double encoding, `+` for a space); an HTML
 * character reference (`&#38;`, `&#x26;`, `&amp;`). The longest form wins, so `\u0026` is never read as a raw `\`.
 */
export function formLengthAt(text: string, at: number, char: string): number {
  const first = text.charCodeAt(at);
  const escaped =
    first === BACKSLASH
      ? jsonEscapeLength(text, at, char)
      : first === PERCENT
        ? percentLength(text, at, char)
        : first === AMPERSAND
          ? htmlReferenceLength(text, at, char)
          : 0;
  if (escaped > 0) return escaped;
  if (text[at] === char) return 1;
  return char === ' ' && text[at] === '+' ? 1 : 0;
}

/** Whether `char` may begin an escaped form of some character (any character may begin its own raw form). */
export function canStartForm(char: string | undefined): boolean {
  return char === '\\' || char === '%' || char === '&' || char === '+';
}

const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const AMPERSAND = 0x26;

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function jsonEscapeLength(text: string, at: number, char: string): number {
  if (char === '\\') return text.charCodeAt(at + 1) === BACKSLASH ? 2 : 0;
  // Any run of backslashes: `\\u0026` is `\u0026` once decoded, and `&` after a second decoding.
  let end = at;
  while (text.charCodeAt(end) === BACKSLASH) end++;
  const marker = text[end];
  if (marker === 'u' || marker === 'U') {
    const hex = text.slice(end + 1, end + 5);
    return /^[0-9a-fA-F]{4}$/.test(hex) && Number.parseInt(hex, 16) === char.charCodeAt(0) ? end + 5 - at : 0;
  }
  if (marker !== undefined && SHORT_ESCAPES[marker] === char) return end + 1 - at;
  return 0;
}

const encoder = new TextEncoder();

function percentLength(text: string, at: number, char: string): number {
  const bytes = /[\uD800-\uDFFF]/.test(char) ? [] : [...encoder.encode(char)];
  if (bytes.length === 0) return 0;
  let end = at;
  for (const byte of bytes) {
    const match = /^%(?:25)*([0-9a-fA-F]{2})/.exec(text.slice(end, end + 32));
    if (!match || Number.parseInt(match[1] ?? '', 16) !== byte) return 0;
    end += match[0].length;
  }
  return end - at;
}

const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function htmlReferenceLength(text: string, at: number, char: string): number {
  const match = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-z]{2,4}));/.exec(text.slice(at, at + 12));
  if (!match) return 0;
  const [whole, decimal, hex, name] = match;
  const value = decimal
    ? String.fromCodePoint(Number(decimal) % 0x110000)
    : hex
      ? String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000)
      : NAMED_REFERENCES[name ?? ''];
  return value === char ? whole.length : 0;
}
