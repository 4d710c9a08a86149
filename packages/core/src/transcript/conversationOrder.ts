import type { Message } from './schema';

/**
 * The messages as the conversation reads: the thread order, except that each alternative reply ("Regenerate as…")
 * comes right after the reply it is an alternative to, and after that reply's earlier alternatives. The panel shows
 * this order and every prompt is built from it, so a model reads the thread as the user sees it.
 *
 * Pure and stable: messages that are not alternatives keep their relative order, as do the alternatives of one
 * reply. O(n); the input is returned as it is when it holds no alternative. An alternative whose original is not
 * among `messages` stays where it is.
 */
export function conversationOrder<M extends Pick<Message, 'id' | 'alternativeOf'>>(
  messages: readonly M[],
): readonly M[] {
  if (!messages.some((m) => m.alternativeOf !== undefined)) return messages;
  const present = new Set(messages.map((m) => m.id));
  const alternatives = new Map<string, M[]>();
  for (const m of messages) {
    if (m.alternativeOf === undefined || !present.has(m.alternativeOf)) continue;
    const list = alternatives.get(m.alternativeOf) ?? [];
    list.push(m);
    alternatives.set(m.alternativeOf, list);
  }
  const ordered: M[] = [];
  for (const m of messages) {
    if (m.alternativeOf !== undefined && present.has(m.alternativeOf)) continue;
    ordered.push(m);
    for (const alternative of alternatives.get(m.id) ?? []) ordered.push(alternative);
  }
  return ordered;
}

/**
 * Where a reply's prompt stops: its own place in the conversation, or, for an alternative, its original's (it
 * answers what the original answered). -1 when there is no such message.
 */
export function answerPoint(messages: readonly Message[], messageId: string): number {
  const message = messages.find((m) => m.id === messageId);
  const anchor = message?.alternativeOf ?? messageId;
  return messages.findIndex((m) => m.id === anchor);
}
