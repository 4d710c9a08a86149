import type { ChatMessage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Transcript } from '../transcript/schema';
import { fitToBudget } from './fitToBudget';
import { buildSystemPrompt } from './framing';
import { isPromptMessage, type RenderContext, renderMessage } from './renderMessage';

export interface AssemblePromptInput {
  transcript: Transcript;
  /** The participant who will answer. */
  speakerId: string;
  /** Display names and personas; an id in the transcript without a config is shown by its id. */
  participants: ParticipantConfig[];
  /** How transcript notes are sent: as extra system messages, or inline as `[System]` user content. */
  systemMode: 'multiple' | 'inline';
  /** Soft limit on the summed `content` length (String.length) of the whole prompt. */
  softLimitChars: number;
  /** This many newest transcript messages are always kept, even over the limit. */
  keepRecent: number;
  /** How the human is labelled; default `User`. */
  userName?: string;
}

export interface AssembledPrompt {
  messages: ChatMessage[];
  /** How many included transcript messages the budget dropped (replaced by one omission marker). */
  omitted: number;
}

/**
 * Builds the request `messages` for one reply from the live transcript. Pure: no clock, no
 * I/O, the input is not mutated, and the same input always gives the same prompt.
 *
 * Output: the main system message first; then, in 'multiple' mode, the thread's notes as system messages in
 * the order given; then the rest of the transcript in the order given (notes inline in 'inline' mode). Tombstones,
 * in-flight replies and empty messages are left out.
 */
export function assemblePrompt(input: AssemblePromptInput): AssembledPrompt {
  const userName = input.userName ?? 'User';
  const ctx: RenderContext = {
    speakerId: input.speakerId,
    participants: input.participants,
    userName,
    systemMode: input.systemMode,
  };
  const system: ChatMessage = {
    role: 'system',
    content: buildSystemPrompt({
      speakerId: input.speakerId,
      threadParticipants: input.transcript.participants,
      participants: input.participants,
      userName,
    }),
  };
  const items = input.transcript.messages.filter(isPromptMessage).map((message) => ({
    message: renderMessage(message, ctx),
    hoisted: message.role === 'system' && input.systemMode === 'multiple',
  }));
  return fitToBudget({ system, items, softLimitChars: input.softLimitChars, keepRecent: input.keepRecent });
}
