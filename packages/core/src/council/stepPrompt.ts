import type { OrchestratorSettings } from '../orchestrator/settings';
import { type AssembledPrompt, assemblePrompt } from '../prompt/assemblePrompt';
import type { Transcript } from '../transcript/schema';
import type { Replacement } from './anonymise';
import { SHORT_ANSWER_REQUEST, STANCE_REQUEST } from './instructions';
import { reviewPrompt } from './reviewPrompt';
import { type Visibility, visibleTo } from './visibility';

/** A reply's prompt, with what its rule let it read and, when it names nobody, the names it replaced. */
export interface StepPrompt extends AssembledPrompt {
  visibility: Visibility;
  replacements: Replacement[];
}

export type PromptSettings = Pick<
  OrchestratorSettings,
  'participants' | 'softLimitChars' | 'keepRecent' | 'userName' | 'systemMode' | 'groups'
> &
  Partial<Pick<OrchestratorSettings, 'askForDiffs'>>;

/**
 * What `speakerId` is sent for the reply `messageId`: what its step's rule lets it read (`visibleTo`), assembled.
 * The one way a prompt is built, for a reply that starts and for one rebuilt for the prompt inspector. An answer that
 * reads the conversation under names is today's shared-transcript prompt (`assemblePrompt`); a review or a
 * synthesis is the council's (`reviewPrompt`: the question, then the responses and reviews under neutral labels, then
 * its task).
 * `systemMode` overrides the setting (a provider that takes only one system message).
 */
export function stepPrompt(
  transcript: Transcript,
  messageId: string,
  speakerId: string,
  settings: PromptSettings,
  systemMode: OrchestratorSettings['systemMode'] = settings.systemMode,
): StepPrompt {
  const visibility = visibleTo(transcript, messageId, speakerId);
  const reviewing = visibility.kind !== 'answer' || visibility.responses.length > 0 || visibility.reviews.length > 0;
  if (!reviewing && visibility.rule.names === 'labelled') {
    const prompt = assemblePrompt({
      transcript: { ...transcript, messages: visibility.context },
      speakerId,
      participants: settings.participants,
      systemMode,
      softLimitChars: settings.softLimitChars,
      keepRecent: settings.keepRecent,
      userName: settings.userName,
      askForDiffs: settings.askForDiffs ?? false,
      notes: answerNotes(visibility, speakerId),
    });
    return { ...prompt, visibility, replacements: [] };
  }
  return reviewPrompt(transcript, visibility, speakerId, settings, systemMode);
}

/**
 * What a step asks of an answer besides the conversation: a seat answering an Independent or Council turn blind is
 * asked for its short final answer on a line of its own, when the question has one (what the vote counts), and, in a
 * Council with stances, the side its step gives it.
 */
function answerNotes(visibility: Visibility, speakerId: string): string[] {
  const independent = visibility.plan !== undefined && visibility.plan.mode !== 'discuss';
  if (!independent || visibility.kind !== 'answer' || visibility.rule.reads !== 'blind') return [];
  // A blind answer is its plan's first step.
  const stance = visibility.plan?.steps[0]?.stances?.[speakerId];
  return [SHORT_ANSWER_REQUEST, ...(stance ? [STANCE_REQUEST[stance]] : [])];
}
