import { conversationOrder } from '../transcript/conversationOrder';
import type { Message, Transcript } from '../transcript/schema';

/**
 * The user message a reply answered: its plan's question, else the last user message before it in the conversation
 * (for an alternative, before its original, which it answers too). Undefined when no user message comes before it.
 * `messages`: the transcript's messages in conversation order, when the caller has them already.
 */
export function questionOf(
  transcript: Pick<Transcript, 'messages' | 'plans'>,
  reply: Message,
  messages: readonly Message[] = conversationOrder(transcript.messages),
): string | undefined {
  const planned = reply.step ? transcript.plans?.find((p) => p.id === reply.step?.plan)?.question : undefined;
  if (planned) return planned;
  const at = messages.findIndex((m) => m.id === (reply.alternativeOf ?? reply.id));
  return messages.slice(0, Math.max(0, at)).findLast((m) => m.role === 'user')?.id;
}
