import { stepPromptAssembler } from '../council/assembleStepPrompt';
import type { CouncilCode } from '../council/councilCode';
import type { ThreadStore } from '../store/ThreadStore';
import { inspectPrompt } from './inspectPrompt';
import type { PromptAssembler } from './ports';
import { regenerateAs, retryReply } from './replyIntents';
import { sendMessage } from './sendMessage';
import { readOlderSyntheses } from './synthesisReadings';
import { TurnEngine } from './TurnEngine';
import { continueTurn, startAnotherRound, startReview } from './turnIntents';

/**
 * The code that takes turns: routing a message, building the plans of each way of taking a turn, running and
 * streaming replies, building and inspecting prompts. The orchestrator is handed it (`OrchestratorDeps.turns`)
 * instead of importing it, so a host can load it when the first turn starts rather than at activation: a window
 * shows its first state without parsing any of it. What only reviews and councils need is handed to it in turn
 * (`council`), so a host loads that only when the first review or synthesis is built or read. Tests and benchmarks
 * pass `() => turnCode`.
 */
export interface TurnCode {
  assembleStepPrompt: PromptAssembler;
  sendMessage: typeof sendMessage;
  continueTurn: typeof continueTurn;
  startAnotherRound: typeof startAnotherRound;
  startReview: typeof startReview;
  inspectPrompt: typeof inspectPrompt;
  TurnEngine: typeof TurnEngine;
  retryReply: typeof retryReply;
  regenerateAs: typeof regenerateAs;
  /** Reads the syntheses an older thread holds unread, and stores what they say (`readOlderSyntheses`). */
  readSyntheses: (store: ThreadStore, threadId: string) => void;
  council: () => CouncilCode;
}

/** The turns' code over `council`, the council's (loaded by the host on first use). */
export function turnCodeWith(council: () => CouncilCode): TurnCode {
  return {
    assembleStepPrompt: stepPromptAssembler(council),
    sendMessage,
    continueTurn,
    startAnotherRound,
    startReview,
    inspectPrompt,
    TurnEngine,
    retryReply,
    regenerateAs,
    readSyntheses: (store, threadId) => readOlderSyntheses(store, threadId, council),
    council,
  };
}
