import { lazyModule } from '../lazy/lazyModule';
import type { HighlightedLine } from './highlight/highlighter';

/**
 * What highlighting has done so far, for the cost tests: `tokenized` counts blocks run through the tokenizer (a
 * cached block is not tokenized again), `applied` the code elements given their coloured tokens (once each, unless
 * an element is thrown away and rendered again).
 */
export const highlightStats = { tokenized: 0, applied: 0 };

/**
 * The highlighter's chunk, loaded with the first finished code block (tried again a few times, see `lazyModule`). A
 * load that keeps failing is forgotten, so the next finished block tries afresh.
 */
const highlighter = lazyModule('the code highlighter', () => import('./highlight/highlighter'));

const queue: { code: HTMLElement; tag: string }[] = [];
let draining = false;
/** Recent results by language and code, so a message shown again (another thread and back) is not re-tokenized. */
const cache = new Map<string, HighlightedLine[]>();
const CACHE_ENTRIES = 200;

/**
 * Highlights the finished code blocks under `root` that are not highlighted yet: in idle time, one block at a time,
 * so typing and streaming always come first; each block once. A block still streaming (its fence open) is skipped:
 * it is plain text until it closes. The caller passes only blocks that are final. The result is spans with a class per token kind, built as DOM nodes from text,
 * never HTML.
 */
export function highlightCodeIn(root: Element): void {
  for (const code of root.querySelectorAll<HTMLElement>('.code-block:not(.code-block--streaming) > pre > code')) {
    if (code.dataset.highlight) continue;
    code.dataset.highlight = 'queued';
    queue.push({ code, tag: code.closest('.code-block')?.getAttribute('data-language') ?? '' });
  }
  if (queue.length > 0 && !draining) void drain();
}

async function drain(): Promise<void> {
  draining = true;
  try {
    const { grammarFor, highlightLines } = await highlighter.load();
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { code, tag } = next;
      const language = grammarFor(tag);
      if (!language || !code.isConnected) {
        code.dataset.highlight = 'plain';
        continue;
      }
      await idle();
      const text = code.textContent ?? '';
      const key = `${language}\n${text}`;
      let lines = cache.get(key);
      if (!lines) {
        lines = await highlightLines(text, language);
        highlightStats.tokenized += 1;
        if (lines) remember(key, lines);
      }
      // The block may have gone (a retry, another thread) or changed while this waited.
      if (!lines || !code.isConnected || code.textContent !== text) continue;
      code.replaceChildren(...nodesOf(lines));
      code.dataset.highlight = 'done';
      highlightStats.applied += 1;
    }
  } catch (error) {
    // What was waiting stays plain (and says so), rather than queued for ever.
    for (let next = queue.shift(); next; next = queue.shift()) next.code.dataset.highlight = 'plain';
    console.error('[roundtable] code highlighting failed; code stays plain', error);
  } finally {
    draining = false;
  }
}

function nodesOf(lines: HighlightedLine[]): Node[] {
  const nodes: Node[] = [];
  for (const [index, line] of lines.entries()) {
    if (index > 0) nodes.push(document.createTextNode('\n'));
    for (const token of line) {
      if (!token.kind) {
        nodes.push(document.createTextNode(token.text));
        continue;
      }
      const span = document.createElement('span');
      span.className = `tok-${token.kind}`;
      span.textContent = token.text;
      nodes.push(span);
    }
  }
  return nodes;
}

function remember(key: string, lines: HighlightedLine[]): void {
  cache.set(key, lines);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
}

/** Waits until the browser is idle (or 200 ms at most), so highlighting never delays input or a frame. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 200 });
    else setTimeout(resolve, 0);
  });
}
