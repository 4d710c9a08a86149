import type { ChatMessage } from '../llm/types';

/**
 * What one image counts for against the prompt's budget, in characters: providers bill an image at roughly a
 * thousand tokens (more for a large one), about four characters a token.
 */
export const IMAGE_PROMPT_CHARS = 4_000;

/** What a message counts for against the budget: its text, and its images. */
export function promptChars(message: ChatMessage): number {
  return message.content.length + (message.images?.length ?? 0) * IMAGE_PROMPT_CHARS;
}

/** The single message that stands in for everything dropped by the budget. */
export const OMISSION_MARKER: ChatMessage = { role: 'user', content: '[System] Earlier messages omitted for length.' };

/** A rendered transcript message; `hoisted` ones (notes in 'multiple' mode) sit right after the main system message. */
export interface RenderedItem {
  message: ChatMessage;
  hoisted: boolean;
}

export interface BudgetInput {
  system: ChatMessage;
  /** Every included transcript message, rendered, in the conversation's order. */
  items: readonly RenderedItem[];
  softLimitChars: number;
  keepRecent: number;
}

/**
 * Drops the fewest oldest items (in the conversation's order, notes included) that bring the total length (`promptChars`) within
 * `softLimitChars`, counting the omission marker that then appears. Never drops the system message or the
 * `keepRecent` newest items; when even that is over the limit, everything droppable goes and the result stays
 * over (the caller still gets the newest context rather than nothing).
 *
 * Layout: system, hoisted items, marker (only if something was dropped), then the other items, so the marker
 * sits where the dropped messages were: after every system message and before the first kept turn.
 */
export function fitToBudget({ system, items, softLimitChars, keepRecent }: BudgetInput): {
  messages: ChatMessage[];
  omitted: number;
} {
  const maxDrop = Math.max(0, items.length - Math.max(0, Math.floor(keepRecent)));
  let total = system.content.length + items.reduce((sum, item) => sum + promptChars(item.message), 0);
  let omitted = 0;
  while (total > softLimitChars && omitted < maxDrop) {
    const item = items[omitted];
    total -= (item ? promptChars(item.message) : 0) - (omitted === 0 ? OMISSION_MARKER.content.length : 0);
    omitted++;
  }
  const kept = items.slice(omitted);
  return {
    messages: [
      system,
      ...kept.filter((item) => item.hoisted).map((item) => item.message),
      ...(omitted > 0 ? [{ ...OMISSION_MARKER }] : []),
      ...kept.filter((item) => !item.hoisted).map((item) => item.message),
    ],
    omitted,
  };
}
