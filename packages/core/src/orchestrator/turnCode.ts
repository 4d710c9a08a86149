// What the orchestrator's turn intents run, loaded by the first of them (`Orchestrator`): routing a message, the
// plans of each way of taking a turn, Continue, another round, reviews, retries and alternatives, prompt inspection,
// and the reading of an older thread's syntheses. A window that only shows threads never parses any of it.
export { assembleStepPrompt } from '../council/assembleStepPrompt';
export { askToContinue } from './continueReply';
export { inspectPrompt } from './inspectPrompt';
export { regenerateAs, retryReply } from './replyIntents';
export { reviewAnyway } from './reviewAnyway';
export { sendMessage } from './sendMessage';
export { readOlderSyntheses } from './synthesisReadings';
export { continueTurn, startAnotherRound, startDisputes, startReview } from './turnIntents';
