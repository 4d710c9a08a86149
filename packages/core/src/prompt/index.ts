export { type AssembledPrompt, type AssemblePromptInput, assemblePrompt } from './assemblePrompt';
export { OMISSION_MARKER } from './fitToBudget';
export { displayNameOf } from './framing';
