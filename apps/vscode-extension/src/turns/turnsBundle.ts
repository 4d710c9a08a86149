// Entry of dist/turns.js: what a turn needs and activation does not: routing, the plans of each way of taking a turn,
// the turn loop and reply runner, the chat backend, the streaming client and prompt assembly (the visibility rule,
// its read rule), and what finds and checks the proxy (a user's proxy URL resolved to a loopback
// address, its health check and error classifier, and when an external one is checked again). Loaded when the first
// turn starts or the proxy is first checked, so a window's first state parses none of it. A view's intents have a
// bundle of their own (`intentsBundle.ts`).
import { turnCodeWith } from '@roundtable/core';
import { council } from '../council/loadCouncil';

export { streamChatCompletion } from '@roundtable/core';
export { checkProxy, RecheckSchedule, resolveProxyEndpoint } from '@roundtable/sidecar';
export { imageLoader } from '../images/imageAssets';
export { imageFolder } from '../images/imageFolder';
export { createChatBackend } from '../proxy/createChatBackend';
export { checkProvider } from '../proxy/providerHealth';
export { providerSeatMap } from '../proxy/providerSeatMap';

/** The turns' code over the council's, which stays in its own bundle until a review or synthesis needs it. */
export const turnCode = turnCodeWith(council);
