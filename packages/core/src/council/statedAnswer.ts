import { isRecord } from './fences';
import { parseLenientJson } from './lenientJson';

// The final answer a reply states, for the vote. Only a statement of a final answer is read: a label (`Answer:`,
// `Final answer -`, `**Final Answer**`), LaTeX's `\boxed{…}`, a sentence that opens with "The final answer is", or a
// JSON `"answer"`. "The answer is complicated." states no answer, and prose is never read for one. Line by line from
// the end, each pattern anchored on a line of bounded length: a reply of any size is read in one pass.

/** The longest line read as a stated answer (longer: it is prose, not a short answer). */
const MAX_STATED_CHARS = 400;
/** How far a bare label's code block is looked through for its end. */
const MAX_BLOCK_LINES = 40;

/**
 * The final answer a reply states, the last one it gives: `Answer: 42`, `Final answer: B`, `**Answer:** yes`,
 * `**Final Answer**: 7`, `ANSWER - 12` (a heading's `#` and list bullets allowed), `The final answer is 42.`,
 * `\boxed{42}` (braces inside it kept). A label alone on its line (`Answer:`, `## Final Answer`, `**Answer**`) states
 * the first non-empty line after it (or the code block after it). Only when no line states one: a JSON `"answer"` (or
 * `"final_answer"`), on a line of its own or as an object's line.
 */
export function statedAnswer(text: string): string | undefined {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (line.length > MAX_STATED_CHARS) continue;
    const stated =
      /^(?:[#>*\-\s]*)(?:\*\*|__)?(?:final\s+answer|answer)(?:\*\*|__)?\s*(?:[:：]|[-–—]\s)\s*(?:\*\*|__)?\s*(.*)$/i.exec(
        line,
      ) ?? /^(?:[#>*\-\s]*)(?:\*\*|__)?the\s+final\s+answer\s+is\s*[:：]?\s*(.*)$/i.exec(line);
    if (stated) {
      const rest = (stated[1] ?? '').trim();
      if (rest !== '' && !/^(?:\*\*|__)$/.test(rest)) return rest;
      return followingAnswer(lines, i + 1);
    }
    if (/^(?:#{1,6}\s*|\*\*|__)(?:final\s+)?answer(?:\*\*|__)?$/i.test(line)) return followingAnswer(lines, i + 1);
    const boxed = boxedIn(line);
    if (boxed !== undefined) return boxed;
  }
  return jsonAnswer(lines);
}

/** What `\boxed{…}` holds, braces inside it balanced (`\boxed{\frac{1}{2}}`); undefined when there is none. */
function boxedIn(line: string): string | undefined {
  const at = line.indexOf('\\boxed{');
  if (at < 0) return undefined;
  let depth = 0;
  for (let i = at + 6; i < line.length; i++) {
    if (line[i] === '{') depth++;
    else if (line[i] === '}' && --depth === 0) {
      const inside = line.slice(at + 7, i).trim();
      return inside === '' ? undefined : inside;
    }
  }
  return undefined;
}

/** What follows a bare label: its code block's text, or the next line that says something. */
function followingAnswer(lines: readonly string[], from: number): string | undefined {
  let i = from;
  while (i < lines.length && (lines[i] ?? '').trim() === '') i++;
  const first = (lines[i] ?? '').trim();
  const fence = /^(`{3,}|~{3,})/.exec(first)?.[1];
  if (!fence) return first === '' || first.length > MAX_STATED_CHARS ? undefined : first;
  const body: string[] = [];
  for (let j = i + 1; j < lines.length && j < i + MAX_BLOCK_LINES; j++) {
    if ((lines[j] ?? '').trim().startsWith(fence)) return body.join('\n');
    body.push(lines[j] ?? '');
  }
  return undefined;
}

/**
 * The last JSON `"answer"` a reply gives: a line that is a whole object (`{"answer": "B"}`) or one line of an
 * object written over several (`"answer": "B",`). A string, number or boolean; anything else states no answer.
 */
function jsonAnswer(lines: readonly string[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (line.length > MAX_STATED_CHARS || !/^\{?\s*["']?(?:final_?answer|answer)["']?\s*:/i.test(line)) continue;
    const object = line.startsWith('{') ? line : `{${line.replace(/,$/, '')}}`;
    const parsed = parseLenientJson(object);
    if (!parsed.ok || !isRecord(parsed.value)) continue;
    const value = Object.entries(parsed.value).find(([k]) => /^(?:final_?answer|answer)$/i.test(k))?.[1];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  }
  return undefined;
}
