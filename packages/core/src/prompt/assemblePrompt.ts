import { seatReadsImages } from '../images/takesImages';
import type { ChatMessage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { Transcript } from '../transcript/schema';
import { fitToBudget } from './fitToBudget';
import { buildSystemPrompt } from './framing';
import { isPromptMessage } from './promptMessage';
import { type RenderContext, renderMessage } from './renderMessage';

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
  /** Add `DIFF_REQUEST` to the system prompt when a message the prompt holds carries code from the editor. */
  askForDiffs?: boolean;
  /** What the reply's step asks of it besides (the council's requests), added to the system prompt's notes. */
  notes?: readonly string[];
}

/**
 * Asked of a seat whose prompt holds code from the editor: a change it proposes comes as a diff the user can review
 * and apply (Review change, Apply), against the file exactly as the conversation shows it.
 */
export const DIFF_REQUEST =
  'When you propose a change to a file shown in this conversation, write it as a unified diff in a ```diff block, ' +
  'with `--- a/<path>` and `+++ b/<path>` headers and hunks against the file exactly as shown, so the user can ' +
  'review it and apply it.';

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
    vision: seatReadsImages(input.participants.find((p) => p.id === input.speakerId)),
  };
  const shown = input.transcript.messages.filter(isPromptMessage);
  const withCode = input.askForDiffs === true && shown.some((m) => (m.contextBlocks?.length ?? 0) > 0);
  const system: ChatMessage = {
    role: 'system',
    content: buildSystemPrompt({
      speakerId: input.speakerId,
      threadParticipants: input.transcript.participants,
      participants: input.participants,
      userName,
      notes: [...(withCode ? [DIFF_REQUEST] : []), ...(input.notes ?? [])],
    }),
  };
  const items = shown.map((message) => ({
    message: renderMessage(message, ctx),
    hoisted: message.role === 'system' && input.systemMode === 'multiple',
  }));
  return fitToBudget({ system, items, softLimitChars: input.softLimitChars, keepRecent: input.keepRecent });
}
