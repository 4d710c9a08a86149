/** A chat message as the fake proxy reads it from a request (content already reduced to text). */
export interface EchoMessage {
  role: string;
  content: string;
}

/** A leading speaker label such as `[User]` or `[Gpt]:`, exactly as written at the start of the content. */
const SPEAKER_LABEL = /^\[[^\]\n]+\]:?/;

/**
 * The fake's default reply, which lets a test see exactly what the model received. Other suites match on this
 * format, so it is fixed:
 *
 *     Fake <model> received <n> messages: <role[label]>, <role[label]>, ….
 *
 *     You said: <content of the last user message, verbatim>
 */
export function buildEchoReply(model: string, messages: EchoMessage[]): string {
  const list = messages.map((m) => `${m.role}${SPEAKER_LABEL.exec(m.content)?.[0] ?? ''}`).join(', ');
  const lastUser = messages.findLast((m) => m.role === 'user');
  return `Fake ${model} received ${messages.length} messages: ${list}.\n\nYou said: ${lastUser?.content ?? ''}`;
}

/**
 * Splits a reply into stream pieces on word boundaries (each piece keeps the whitespace after its words), so
 * joining the pieces gives the reply back exactly. A reply of three or more words gives at least three pieces.
 */
export function splitIntoPieces(text: string, wordsPerPiece = 3): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (words.length === 0) return [];
  const perPiece = Math.max(1, Math.min(wordsPerPiece, Math.floor(words.length / 3)));
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += perPiece) {
    pieces.push(words.slice(i, i + perPiece).join(''));
  }
  return pieces;
}
