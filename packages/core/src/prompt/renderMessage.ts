import { describeImage } from '../images/describeImage';
import type { ChatMessage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Message } from '../transcript/schema';
import { displayNameOf } from './framing';
import { renderContextBlock } from './renderContextBlock';

export interface RenderContext {
  speakerId: string;
  participants: readonly ParticipantConfig[];
  userName: string;
  systemMode: 'multiple' | 'inline';
  /** The speaker reads images: a user message's images go along as parts, not as lines saying they were left out. */
  vision?: boolean;
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
    case 'user': {
      const content = renderUserContent(message, ctx);
      return message.images && ctx.vision
        ? { role: 'user', content, images: message.images }
        : { role: 'user', content };
    }
    case 'assistant':
      return message.speaker === ctx.speakerId
        ? { role: 'assistant', content: message.content }
        : { role: 'user', content: `[${displayNameOf(message.speaker, ctx.participants)}]: ${message.content}` };
  }
}

function renderUserContent(message: Message, ctx: RenderContext): string {
  const userName = ctx.userName;
  // A message that is only attachments gets a bare label, not a dangling "[User] ".
  const head = message.content.trim() === '' ? `[${userName}]` : `[${userName}] ${message.content}`;
  const blocks = (message.contextBlocks ?? []).map(renderContextBlock);
  const images = ctx.vision ? [] : (message.images ?? []).map(leftOutImage);
  return [head, ...blocks, ...images].join('\n\n');
}

/**
 * What a seat that does not read images is told in place of one, so it knows there was one and why it cannot see it.
 * It names no seat, so an anonymised prompt says the same.
 */
export function leftOutImage(image: NonNullable<Message['images']>[number]): string {
  return `[Image left out: ${describeImage(image)}; this seat does not read images.]`;
}
