// The editor context a message carries. A leaf (see index.ts).

/** The most editor context one message carries: the chips, and the active file when that setting is on. */
export const MAX_CONTEXT_BLOCKS = 10;
/** The most text one context block carries; a longer file or selection is cut, with a note saying so. */
export const MAX_CONTEXT_BLOCK_CHARS = 100_000;
