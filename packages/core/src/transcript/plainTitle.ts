import { codeRanges } from '../base/markdownCode';
import { parseMentions, stripMentions } from '../router/parseMentions';

/** The longest title made from a message, ellipsis included. */
export const TITLE_MAX_CHARS = 60;

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[^`\n]*(\n|$)/;

/**
 * A short title made from a message's text, as plain words: Markdown syntax and `@` mentions out (they are how the
 * message was said, not what it is about), whitespace collapsed, cut to `TITLE_MAX_CHARS`.
 *
 * The first line of prose that has words left is the title; fenced code is not prose. A message with no such line
 * (only code, only mentions) takes its first line of code, else the names it mentions, else `fallback`. So the
 * result is never empty, never holds a mention, and holds no backtick, asterisk or tilde, no link or image syntax,
 * no heading, quote or list marker in front, and no `_` at the edge of a word.
 */
export function plainTitle(text: string, fallback: string): string {
  const { prose, code } = splitCode(text);
  const line =
    firstWords(prose.split('\n')) ||
    firstWords(code) ||
    parseMentions(text)
      .map((name) => cleanLine(name))
      .filter((name) => name !== '')
      .join(', ');
  return line ? shorten(line) : fallback;
}

/** The prose (inline code kept as its text, fenced blocks as line breaks) and the lines of the fenced blocks. */
function splitCode(text: string): { prose: string; code: string[] } {
  let prose = '';
  const code: string[] = [];
  let from = 0;
  for (const [start, end] of codeRanges(text)) {
    prose += text.slice(from, start);
    const part = text.slice(start, end);
    if ((start === 0 || text[start - 1] === '\n') && FENCE_OPEN.test(part)) {
      const lines = part.split('\n');
      code.push(...lines.slice(1, /^ {0,3}(`{3,}|~{3,})\s*$/.test(lines.at(-1) ?? '') ? -1 : undefined));
      prose += '\n';
    } else {
      prose += ` ${part.replace(/`+/g, '')} `;
    }
    from = end;
  }
  return { prose: prose + text.slice(from), code };
}

function firstWords(lines: readonly string[]): string {
  for (const line of lines) {
    const clean = cleanLine(line);
    if (clean !== '') return clean;
  }
  return '';
}

/** One line of Markdown as the words it shows, without mentions. */
function cleanLine(line: string): string {
  let text = line
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/[`*~]/g, '')
    .replace(/\](?=[([])/g, '] ')
    .replace(/(^|[^\p{L}\p{N}])_+/gu, '$1 ')
    .replace(/_+(?=[^\p{L}\p{N}]|$)/gu, ' ');
  let before: string;
  // Taking a marker off can put a mention first (`>@claude`), and taking a mention off a marker (`> @claude #`).
  do {
    before = text;
    text = stripMentions(text)
      .replace(/^\s+/, '')
      .replace(/^(?:>\s*)+/, '')
      .replace(/^#{1,6}(?=\s|$)/, '')
      .replace(/^(?:[-+]|\d{1,9}[.)])(?=\s|$)/, '')
      .replace(/^\[[ xX]\](?=\s|$)/, '')
      .replace(/^[=\-_]+$/, '')
      .replace(/^[,;:.!?)\]}]+/, '');
  } while (text !== before);
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(line: string): string {
  if (line.length <= TITLE_MAX_CHARS) return line;
  const cut = line.slice(0, TITLE_MAX_CHARS - 1);
  const atWord = cut.lastIndexOf(' ');
  const kept = (atWord >= TITLE_MAX_CHARS / 2 ? cut.slice(0, atWord) : cut).replace(/[\s_]+$/, '');
  return `${kept}…`;
}
