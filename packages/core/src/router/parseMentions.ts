import { codeRanges } from '../base/markdownCode';
import { mentionNames } from './mentionPattern';

/**
 * The `@` mentions in a user message: lower-cased, in order of first appearance, without duplicates. Includes
 * `all` and ids that match no participant; the router decides what they mean. Mentions inside inline code or
 * fenced code blocks are ignored (pasted code is full of `@decorators`).
 */
export function parseMentions(text: string): string[] {
  return mentionNames(blankCode(text));
}

/** The text with its code (fenced blocks, inline spans) replaced by spaces; newlines kept, so positions survive. */
function blankCode(text: string): string {
  let out = '';
  let from = 0;
  for (const [start, end] of codeRanges(text)) {
    out += text.slice(from, start) + text.slice(start, end).replace(/[^\n]/g, ' ');
    from = end;
  }
  return out + text.slice(from);
}
