/**
 * Whether a block that names its file is plausibly the whole new file, or a part of it that a model labelled with the
 * file's path (models often do). Apply replaces a file with a block only when it is whole: replacing a 400-line file
 * with a 12-line snippet loses the rest of it. The rule leans to "a part": a false "part" costs the user a click
 * (Insert at Cursor, or Review change), a false "whole" costs the file's other lines.
 *
 * A block is a part of the file, with the first of these reasons, when the file exists and:
 * 1. a line of it stands for code left out (`// ... rest unchanged`, `# ...`, `<!-- … -->`, a bare `...`), and the
 *    file as it is now has no such line (its own `// ...` comment, or a Python stub's `...`, is code, not a gap);
 * 2. every line of it is indented while the file has lines that are not: code from inside a class or function;
 * 3. it is at least `SHORTER_BY` lines shorter than the file and under half its length;
 * 4. it is at least `SHORTER_BY` lines shorter than the file and does not begin as the file begins (one of their
 *    first `ENDS` lines with a letter or digit in common) or does not end as it ends (the same with their last ones).
 * Otherwise it is whole: a new file (nothing to lose), a file about as long or longer (a rewrite, or additions), or
 * a shorter one that keeps the file's first and last lines (a rewrite that drops code). Pure: the webview reads rule 1
 * on its own (it has no file), the host the whole rule.
 */
export type Wholeness = { whole: true } | { whole: false; reason: string };

/** How many lines shorter than the file a block must be before its length says it is a part. */
const SHORTER_BY = 10;
/** How many of the first and of the last lines with a letter or digit are compared. */
const ENDS = 3;

// The text of a line that is a comment and nothing else, whatever the language's comment syntax; in prose (Markdown,
// plain text) only an HTML comment is one (`# Other options` is a heading there, `* unchanged` an item).
const COMMENT = /^(?:\/\/+|#+|--|;+|%+|\/\*+|\{\/\*+|<!--|\*)\s*(.*?)\s*(?:\*+\/\}?|-->)?$/;
const HTML_COMMENT = /^<!--\s*(.*?)\s*-->$/;
const PROSE = /\.(?:md|mdx|markdown|rst|txt|adoc)$/i;
// A comment's text that says code was left out: it starts with an ellipsis (`... rest unchanged`, `...existing
// code...`, not `...args` of a spread); or, short, it starts with the rest, the existing or the other code, or ends saying so (`imports
// unchanged`), or ends in an ellipsis after such a word (`other handlers...`). A long comment is prose about code.
const ELLIPSIS_FIRST =
  /^[([{]?\s*(?:\.\.\.|…)(?:$|[\s.…)\]},;:]|(?:unchanged|omitted|existing|rest|same|previous|remaining|other|code)\b)/i;
const ELIDED_START =
  /^[([{]?\s*(?:(?:the\s+)?(?:rest|remainder)\s+of\b|(?:existing|previous|remaining|other|unchanged)\s+(?:code|imports|methods|functions|tests|content|lines|fields|props|properties|handlers|routes|exports|declarations|definitions|styles|rules)\b|unchanged\b|same\s+as\s+(?:before|above)\b)/i;
const ELIDED_END =
  /(?:\bunchanged|\bomitted|\belided|\btruncated|\b(?:stays?|remains?|is|are)\s+(?:the\s+same|as\s+(?:is|before))|\bas\s+before)[\s.…)\]}]*$/i;
const ELLIPSIS_LAST = /(?:\.\.\.|…)[\s)\]}]*$/;
const ELIDED_WORD = /\b(?:unchanged|omitted|existing|rest|same|previous|remaining|other)\b/i;
/** The most words a comment saying code was left out has, unless it starts with an ellipsis. */
const SHORT = 8;

/**
 * The first line of a block's `content` for the file at `path` that stands for code left out (rule 1), trimmed; or
 * undefined. Lines in `file` (the file's own lines, trimmed) are never such a line.
 */
export function elidedLine(content: string, path: string, file?: ReadonlySet<string>): string | undefined {
  const comment = PROSE.test(path) ? HTML_COMMENT : COMMENT;
  for (const raw of content.split('\n')) {
    const line = raw.trim();
    if (line === '' || file?.has(line)) continue;
    if (/^(?:\.\.\.|…)$/.test(line)) return line;
    const text = comment.exec(line)?.[1];
    if (!text) continue;
    if (ELLIPSIS_FIRST.test(text)) return line;
    if (text.split(/\s+/).length > SHORT) continue;
    if (ELIDED_START.test(text) || ELIDED_END.test(text)) return line;
    if (ELLIPSIS_LAST.test(text) && ELIDED_WORD.test(text)) return line;
  }
  return undefined;
}

/**
 * Whether `written` (a block's content as Apply would write it, `wholeFileText`) is plausibly the whole of the file
 * at `path`, whose text is now `current` (undefined: it does not exist); if not, why, as a clause (`it has 12 lines
 * where the file has 400`).
 */
export function wholeness(current: string | undefined, written: string, path: string): Wholeness {
  // A new or empty file: nothing of it can be lost.
  if (current === undefined || current.trim() === '') return { whole: true };
  const now = lines(current);
  const next = lines(written);
  const elided = elidedLine(written, path, new Set(now.map((l) => l.trim())));
  if (elided !== undefined) return part(`it marks code as left out: “${elided}”`);
  if (indent(next) > 0 && indent(now) === 0)
    return part('every line of it is indented, as code from inside the file is');
  if (now.length - next.length < SHORTER_BY) return { whole: true };
  const lengths = `it has ${count(next.length)} where the file has ${now.length}`;
  if (next.length * 2 < now.length) return part(lengths);
  if (!shares(firsts(next), firsts(now))) return part(`${lengths}, and does not begin as the file does`);
  if (!shares(firsts([...next].reverse()), firsts([...now].reverse()))) {
    return part(`${lengths}, and does not end as the file does`);
  }
  return { whole: true };
}

function part(reason: string): Wholeness {
  return { whole: false, reason };
}

/** The text's lines as an editor numbers them (a final line end starts no line), line ends taken off. */
function lines(text: string): string[] {
  const all = text.split(/\r?\n/);
  if (all.at(-1) === '') all.pop();
  return all;
}

function count(n: number): string {
  return n === 1 ? '1 line' : `${n} lines`;
}

/** The least indentation of the lines that are not blank (0 when there are none). */
function indent(of: readonly string[]): number {
  let least: number | undefined;
  for (const line of of) {
    if (line.trim() === '') continue;
    const width = /^[ \t]*/.exec(line)?.[0].length ?? 0;
    least = least === undefined ? width : Math.min(least, width);
  }
  return least ?? 0;
}

/** The first `ENDS` lines that have a letter or digit (`}` and `});` say nothing about where a text is), trimmed. */
function firsts(of: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of of) {
    if (found.length === ENDS) break;
    if (/[\p{L}\p{N}]/u.test(line)) found.push(line.trim());
  }
  return found;
}

function shares(a: readonly string[], b: readonly string[]): boolean {
  return a.some((line) => b.includes(line));
}
