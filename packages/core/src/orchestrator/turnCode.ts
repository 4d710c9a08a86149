import { assembleStepPrompt } from '../council/assembleStepPrompt';
import { inspectPrompt } from './inspectPrompt';
import { regenerateAs, retryReply } from './replyIntents';
import { sendMessage } from './sendMessage';
import { TurnEngine } from './TurnEngine';
import { continueTurn, startAnotherRound, startReview } from './turnIntents';

/**
 * The code that takes turns: routing a message, building the plans of each way of taking a turn, running and
 * streaming replies, building and inspecting prompts. The orchestrator is handed it (`OrchestratorDeps.turns`)
 * instead of importing it, so a host can load it when the first turn starts rather than at activation: a window
 * shows its first state without parsing any of it. Tests and benchmarks pass `() => turnCode`.
 */
export interface TurnCode {
  assembleStepPrompt: typeof assembleStepPrompt;
  sendMessage: typeof sendMessage;
  continueTurn: typeof continueTurn;
  startAnotherRound: typeof startAnotherRound;
  startReview: typeof startReview;
  inspectPrompt: typeof inspectPrompt;
  TurnEngine: typeof TurnEngine;
  retryReply: typeof retryReply;
  regenerateAs: typeof regenerateAs;
}

export const turnCode: TurnCode = {
  assembleStepPrompt,
  sendMessage,
  continueTurn,
  startAnotherRound,
  startReview,
  inspectPrompt,
  TurnEngine,
  retryReply,
  regenerateAs,
};
