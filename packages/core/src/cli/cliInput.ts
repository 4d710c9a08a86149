import type { ChatMessage } from '../llm/types';
import { leftOutImage } from '../prompt/renderMessage';

/** What a CLI reads for one turn: the system prompt (in a private file) and the transcript (on stdin). */
export interface CliInput {
  system: string;
  stdin: string;
}

/**
 * The assembled prompt as one CLI turn. A CLI takes one prompt, not a list of messages, so:
 * - every system message, in order, joins the system prompt (blank line between);
 * - the other messages, in order, become one text on stdin, separated by blank lines. Messages from the user's side
 *   are already labelled by prompt assembly (`[User] …`, `[Gemini]: …`); the seat's own earlier replies, sent to an
 *   HTTP seat as `assistant` messages, are labelled `[You]:` so the CLI can tell them from the others'.
 *
 * - a CLI is given no images (it reads text only): each image a message carries becomes the line a seat that does
 *   not read images gets.
 *
 * Invariant: nothing of the prompt is lost or reordered; the same messages always give the same input (the prompt
 * inspector shows this, and it is exactly what the process reads).
 */
export function cliInput(messages: readonly ChatMessage[]): CliInput {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const turns = messages
    .filter((m) => m.role !== 'system')
    .map((m) => (m.role === 'assistant' ? `[You]: ${m.content}` : withoutImages(m)));
  return { system: system.join('\n\n'), stdin: `${turns.join('\n\n')}\n` };
}

function withoutImages(m: ChatMessage): string {
  return m.images?.length ? [m.content, ...m.images.map(leftOutImage)].join('\n\n') : m.content;
}
