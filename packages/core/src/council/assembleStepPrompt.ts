import type { PromptAssembler } from '../orchestrator/ports';
import { describeReadRule } from './describeReadRule';
import { stepPrompt } from './stepPrompt';

/** The `PromptAssembler` every reply goes through: its step's rule applied (`stepPrompt`), and described. */
export const assembleStepPrompt: PromptAssembler = (transcript, messageId, speakerId, settings, systemMode) => {
  const prompt = stepPrompt(transcript, messageId, speakerId, settings, systemMode);
  return {
    messages: prompt.messages,
    omitted: prompt.omitted,
    rule: describeReadRule(prompt.visibility, prompt.replacements, settings.participants),
  };
};
