import type { Message } from '../transcript/schema';

/**
 * Whether a transcript message reaches any prompt. Tombstones and in-flight replies never do; neither does a
 * message with nothing to say. Error and cancelled messages keep their partial content: the others saw it.
 */
export function isPromptMessage(message: Message): boolean {
  if (message.status === 'deleted' || message.status === 'streaming') return false;
  return message.content.trim() !== '' || (message.contextBlocks?.length ?? 0) > 0 || message.images !== undefined;
}
