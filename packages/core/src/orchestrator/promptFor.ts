import { type AssembledPrompt, assemblePrompt } from '../prompt/assemblePrompt';
import type { Transcript } from '../transcript/schema';
import type { OrchestratorSettings } from './settings';

/**
 * What `speakerId` is sent for a reply at `index` of the thread: everything before that place, under the current
 * settings. The one way a prompt is built, for a reply that starts and for one rebuilt for the prompt inspector.
 */
export function promptFor(
  transcript: Transcript,
  index: number,
  speakerId: string,
  settings: OrchestratorSettings,
): AssembledPrompt {
  return assemblePrompt({
    transcript: { ...transcript, messages: transcript.messages.slice(0, index) },
    speakerId,
    participants: settings.participants,
    systemMode: settings.systemMode,
    softLimitChars: settings.softLimitChars,
    keepRecent: settings.keepRecent,
    userName: settings.userName,
  });
}
