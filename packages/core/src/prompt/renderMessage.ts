import type { ChatMessage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Message } from '../transcript/schema';
import { displayNameOf } from './framing';
import { renderContextBlock } from './renderContextBlock';

/**
 * Whether a transcript message reaches any prompt. Tombstones and in-flight replies never do; neither does a
 * message with nothing to say. Error and cancelled messages keep their partial content: the others saw it.
 */
export function isPromptMessage(message: Message): boolean {
  if (message.status === 'deleted' || message.status === 'streaming') return false;
  return message.content.trim() !== '' || (message.contextBlocks?.length ?? 0) > 0;
}

export interface RenderContext {
  speakerId: string;
  participants: readonly ParticipantConfig[];
  userName: string;
  systemMode: 'multiple' | 'inline';
}

/**
 * Maps one included transcript message to what the speaker sees. Only the speaker's own
 * messages become `assistant`: an OpenAI-style endpoint models two parties, so everyone else's speech is
 * labelled incoming `user` content, or the model would take other models' words as its own.
 */
export function renderMessage(message: Message, ctx: RenderContext): ChatMessage {
  switch (message.role) {
    case 'system':
      return ctx.systemMode === 'multiple'
        ? { role: 'system', content: message.content }
        : { role: 'user', content: `[System] ${message.content}` };
    case 'user':
      return { role: 'user', content: renderUserContent(message, ctx.userName) };
    case 'assistant':
      return message.speaker === ctx.speakerId
        ? { role: 'assistant', content: message.content }
        : { role: 'user', content: `[${displayNameOf(message.speaker, ctx.participants)}]: ${message.content}` };
  }
}

function renderUserContent(message: Message, userName: string): string {
  // A message that is only attachments gets a bare label, not a dangling "[User] ".
  const head = message.content.trim() === '' ? `[${userName}]` : `[${userName}] ${message.content}`;
  const blocks = (message.contextBlocks ?? []).map(renderContextBlock);
  return [head, ...blocks].join('\n\n');
}
