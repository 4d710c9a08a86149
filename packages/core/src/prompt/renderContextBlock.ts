import { contextKindLabel, contextPlace } from '../transcript/contextLabel';
import type { ContextBlock } from '../transcript/schema';

/**
 * A backtick fence longer than any backtick run in `content` (at least three), so file content that itself
 * contains ``` cannot close the block early and leak out as prompt text.
 */
export function fenceFor(content: string): string {
  const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longestRun + 1));
}

/** A fence info string must be one line without backticks; anything else is dropped rather than escaped. */
const SAFE_LANGUAGE = /^[\w+#.-]+$/;

/**
 * Renders one block of editor context as a header line saying what it is and where it comes from, followed by a
 * fenced block:
 *
 *     Selection: src/foo.ts (lines 10-42)
 *     ```ts
 *     ...content...
 *     ```
 */
export function renderContextBlock(block: ContextBlock): string {
  const fence = fenceFor(block.content);
  const info = block.language !== undefined && SAFE_LANGUAGE.test(block.language) ? block.language : '';
  const body = block.content.endsWith('\n') || block.content === '' ? block.content : `${block.content}\n`;
  return `${contextKindLabel(block)}: ${contextPlace(block)}\n${fence}${info}\n${body}${fence}`;
}
