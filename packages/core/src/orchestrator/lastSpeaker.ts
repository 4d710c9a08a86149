import type { Message } from '../transcript/schema';

/** Who spoke last in a thread (the round robin's "after whom"): the newest assistant message's speaker, else null. */
export function lastAssistantSpeaker(messages: readonly Pick<Message, 'role' | 'speaker'>[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'assistant') return m.speaker;
  }
  return null;
}
