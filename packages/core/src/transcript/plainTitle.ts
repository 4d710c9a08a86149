import { mentionNames, stripMentions } from '../router/mentionPattern';

/** The longest title made from a message, ellipsis included. */
export const TITLE_MAX_CHARS = 60;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

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
    firstWords(prose) ||
    firstWords(code) ||
    mentionNames(prose.join('\n'))
      .map((name) => cleanLine(name))
      .filter((name) => name !== '')
      .join(', ');
  return line ? shorten(line) : fallback;
}

/**
 * The lines of prose (a fenced block stands as an empty line) and the lines inside fenced blocks. A fence opens with
 * three or more backticks or tildes (a backtick fence's info string has no backtick) and closes with a line of the
 * same character, at least as long, and nothing else; an unclosed one runs to the end.
 */
function splitCode(text: string): { prose: string[]; code: string[] } {
  const prose: string[] = [];
  const code: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const run = FENCE.exec(line)?.[1];
    if (fence === undefined) {
      const opens = run !== undefined && !(run[0] === '`' && line.slice(line.indexOf(run) + run.length).includes('`'));
      if (opens) fence = run;
      prose.push(opens ? '' : line);
    } else if (run !== undefined && run[0] === fence[0] && run.length >= fence.length && line.trim() === run) {
      fence = undefined;
    } else {
      code.push(line);
    }
  }
  return { prose, code };
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
  // Whitespace collapses inside the loop, before the markers are looked for: collapsing it after them would turn
  // what is not a marker into one (`[  ]`, or `[@a@b]` once its mentions are spaces, becomes the task box `[ ]`).
  do {
    before = text;
    text = stripMentions(text)
      .replace(/\s+/g, ' ')
      .replace(/^ /, '')
      .replace(/^(?:>\s*)+/, '')
      .replace(/^#{1,6}(?=\s|$)/, '')
      .replace(/^(?:[-+]|\d{1,9}[.)])(?=\s|$)/, '')
      .replace(/^\[[ xX]\](?=\s|$)/, '')
      .replace(/^[=\-_]+$/, '')
      .replace(/^[,;:.!?)\]}]+/, '');
  } while (text !== before);
  return text.trim();
}

function shorten(line: string): string {
  if (line.length <= TITLE_MAX_CHARS) return line;
  const cut = line.slice(0, TITLE_MAX_CHARS - 1);
  const atWord = cut.lastIndexOf(' ');
  const kept = (atWord >= TITLE_MAX_CHARS / 2 ? cut.slice(0, atWord) : cut).replace(/[\s_]+$/, '');
  return `${kept}…`;
}
