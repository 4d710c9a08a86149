/** The thread index's format (see `threadIndex.ts`): version 2 keeps the threads newest first. */
export const INDEX_VERSION = 2;
