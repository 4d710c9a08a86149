// Entry of dist/turns.js: what a reply needs and activation does not: the streaming client and prompt assembly (the
// visibility rule, anonymisation, the council's words). Loaded when the first reply starts, so activation parses
// none of it.
export { assembleStepPrompt, streamChatCompletion } from '@roundtable/core';
