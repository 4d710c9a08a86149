export { type AssembledPrompt, type AssemblePromptInput, assemblePrompt } from './assemblePrompt';
export { describePrompt, type PromptDocument } from './describePrompt';
export { OMISSION_MARKER } from './fitToBudget';
export { displayNameOf } from './framing';
