// Where the comments are in a fenced code block, by its language, so a name a comment says (`// Claude's fix`) can be
// scrubbed while the code around it stays exactly as written.

/** How one language writes comments: line comments' openers, and block comments as [opener, closer]. */
interface CommentSyntax {
  line: readonly string[];
  block: readonly (readonly [string, string])[];
  /** Quotes that open a string on the line, inside which nothing opens a comment. */
  quotes: string;
}

const C_BLOCK = [['/*', '*/']] as const;
const MARKUP_BLOCK = [['<!--', '-->']] as const;
const C_LIKE: CommentSyntax = { line: ['//'], block: C_BLOCK, quotes: `"'\`` };
const HASH: CommentSyntax = { line: ['#'], block: [], quotes: `"'` };
const DASH: CommentSyntax = { line: ['--'], block: C_BLOCK, quotes: `"'` };
const LISP: CommentSyntax = { line: [';'], block: [], quotes: '"' };
const PERCENT: CommentSyntax = { line: ['%'], block: [], quotes: `"'` };
const MARKUP: CommentSyntax = { line: [], block: MARKUP_BLOCK, quotes: '' };
const CSS: CommentSyntax = { line: [], block: C_BLOCK, quotes: `"'` };
/** A block of no known language: every common way, `#` only where it starts a word (not `a#b`, not `x.#y`). */
const ANY: CommentSyntax = { line: ['//', '#'], block: [...C_BLOCK, ...MARKUP_BLOCK], quotes: `"'\`` };

const BY_LANGUAGE: Record<string, CommentSyntax> = {};
for (const [syntax, names] of [
  [HASH, 'py python sh bash zsh fish shell console ruby rb perl pl r yaml yml toml ini conf make makefile'],
  [HASH, 'dockerfile cmake powershell ps1 elixir ex exs nim julia jl tcl nix gitignore properties graphql coffee awk'],
  [DASH, 'sql plsql psql mysql postgresql lua haskell hs elm ada vhdl'],
  [LISP, 'lisp clojure clj scheme elisp el racket asm nasm'],
  [PERCENT, 'tex latex erlang erl matlab prolog'],
  [MARKUP, 'html xml svg xhtml vue svelte md markdown'],
  [CSS, 'css'],
] as const) {
  for (const name of names.split(' ')) BY_LANGUAGE[name] = syntax;
}

/**
 * The text of every comment in `code` (a fenced block's body) in a language named by `language` (its info string's
 * first word), as `[start, end)` offsets of what the comment says, its markers left out. C-like for a known language
 * not listed here (`//` and `/* … *\/`), every common way for none. A quote opens a string to its closing quote on
 * the same line, where nothing opens a comment. One pass, nothing backtracks.
 */
export function commentRanges(code: string, language: string): [number, number][] {
  const known = language !== '';
  const syntax = BY_LANGUAGE[language.toLowerCase()] ?? (known ? C_LIKE : ANY);
  const ranges: [number, number][] = [];
  let closer: string | undefined;
  let from = 0;
  let i = 0;
  while (i < code.length) {
    if (closer !== undefined) {
      const end = code.indexOf(closer, i);
      const stop = end < 0 ? code.length : end;
      ranges.push([from, stop]);
      i = end < 0 ? code.length : end + closer.length;
      closer = undefined;
      continue;
    }
    const c = code.charAt(i);
    if (c === '\n') {
      i++;
      continue;
    }
    if (syntax.quotes.includes(c)) {
      const close = code.indexOf(c, i + 1);
      const eol = code.indexOf('\n', i + 1);
      i = close < 0 || (eol >= 0 && close > eol) ? (eol < 0 ? code.length : eol) : close + 1;
      continue;
    }
    const block = syntax.block.find(([open]) => code.startsWith(open, i));
    if (block) {
      from = i + block[0].length;
      closer = block[1];
      i = from;
      continue;
    }
    const line = syntax.line.find((open) => code.startsWith(open, i) && (open !== '#' || known || startsWord(code, i)));
    if (line) {
      const eol = code.indexOf('\n', i);
      ranges.push([i + line.length, eol < 0 ? code.length : eol]);
      i = eol < 0 ? code.length : eol;
      continue;
    }
    i++;
  }
  return ranges;
}

function startsWord(code: string, at: number): boolean {
  return at === 0 || /\s/.test(code.charAt(at - 1));
}

/** A fenced block (its fences included) with what each of its comments says rewritten; everything else as it was. */
export function mapComments(block: string, rewrite: (comment: string) => string): string {
  const open = block.indexOf('\n');
  if (open < 0) return block;
  const language = /^ *(?:`{3,}|~{3,})[ \t]*([\w+#.-]*)/.exec(block.slice(0, open))?.[1] ?? '';
  // The body runs to the closing fence's line (a block cut off at the end of the text has none).
  const last = block.lastIndexOf('\n', block.length - 2);
  const closing = block.slice(last + 1).replace(/\r?\n$/, '');
  const bodyEnd = last >= open && /^ {0,3}(?:`{3,}|~{3,})[ \t]*$/.test(closing) ? last + 1 : block.length;
  const body = block.slice(open + 1, bodyEnd);
  let out = '';
  let from = 0;
  for (const [start, stop] of commentRanges(body, language)) {
    out += body.slice(from, start) + rewrite(body.slice(start, stop));
    from = stop;
  }
  return block.slice(0, open + 1) + out + body.slice(from) + block.slice(bodyEnd);
}
