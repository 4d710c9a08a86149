import type { Message } from './schema';

/**
 * The messages as the conversation reads: the thread order, except that a reply's reviews ("Ask the table to
 * review") come right after it, and each alternative reply ("Regenerate as…") after the reply it is an alternative
 * to, that reply's reviews and its earlier alternatives (each followed by its own reviews). The panel shows this
 * order and every prompt is built from it, so a model reads the thread as the user sees it.
 *
 * Pure and stable: messages that are attached to no other keep their relative order, as do the reviews and the
 * alternatives of one reply. O(n); the input is returned as it is when nothing is attached. A message whose reply
 * is not among `messages` stays where it is.
 */
export function conversationOrder<M extends Pick<Message, 'id' | 'alternativeOf' | 'reviewOf'>>(
  messages: readonly M[],
): readonly M[] {
  if (!messages.some((m) => m.alternativeOf !== undefined || m.reviewOf !== undefined)) return messages;
  const present = new Set(messages.map((m) => m.id));
  const reviews = new Map<string, M[]>();
  const alternatives = new Map<string, M[]>();
  const attach = (to: Map<string, M[]>, anchor: string, m: M) => to.set(anchor, [...(to.get(anchor) ?? []), m]);
  for (const m of messages) {
    if (m.reviewOf !== undefined && present.has(m.reviewOf)) attach(reviews, m.reviewOf, m);
    else if (m.alternativeOf !== undefined && present.has(m.alternativeOf)) attach(alternatives, m.alternativeOf, m);
  }
  const ordered: M[] = [];
  const placed = new Set<string>();
  const place = (m: M) => {
    if (placed.has(m.id)) return;
    placed.add(m.id);
    ordered.push(m);
    for (const review of reviews.get(m.id) ?? []) place(review);
    for (const alternative of alternatives.get(m.id) ?? []) place(alternative);
  };
  for (const m of messages) {
    const attached =
      (m.reviewOf !== undefined && present.has(m.reviewOf)) ||
      (m.alternativeOf !== undefined && present.has(m.alternativeOf));
    if (!attached) place(m);
  }
  // Only a cycle of attachments (which parseTranscript refuses: each names an earlier reply) leaves messages unplaced;
  // they are kept, in thread order, rather than lost.
  if (ordered.length < messages.length) for (const m of messages) place(m);
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
