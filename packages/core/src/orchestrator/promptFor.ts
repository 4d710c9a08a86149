import { type AssembledPrompt, assemblePrompt } from '../prompt/assemblePrompt';
import { answerPoint, conversationOrder } from '../transcript/conversationOrder';
import type { Transcript } from '../transcript/schema';
import type { OrchestratorSettings } from './settings';

/**
 * What `speakerId` is sent for the reply `messageId`: everything before its place in the conversation (for an
 * alternative, before its original's), under the current settings. The one way a prompt is built, for a reply that
 * starts and for one rebuilt for the prompt inspector. `systemMode` overrides the setting (a provider that takes
 * only one system message).
 */
export function promptFor(
  transcript: Transcript,
  messageId: string,
  speakerId: string,
  settings: OrchestratorSettings,
  systemMode: OrchestratorSettings['systemMode'] = settings.systemMode,
): AssembledPrompt {
  const messages = conversationOrder(transcript.messages);
  const end = answerPoint(messages as Transcript['messages'], messageId);
  return assemblePrompt({
    transcript: { ...transcript, messages: messages.slice(0, end < 0 ? messages.length : end) },
    speakerId,
    participants: settings.participants,
    systemMode,
    softLimitChars: settings.softLimitChars,
    keepRecent: settings.keepRecent,
    userName: settings.userName,
  });
}
