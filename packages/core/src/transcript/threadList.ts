import type { ThreadSummary } from './schema';

// What the thread list needs of threads it has not loaded: their order and a new thread's title. A window's first
// state lists threads with it and parses none (titles derived from messages are in `summary.ts`).

/** The title of a thread with no user message yet. */
export const UNTITLED_THREAD = 'New thread';

/** The thread list's order: most recently updated first; ties by id, so every window orders them the same. */
export function newestFirst(a: ThreadSummary, b: ThreadSummary): number {
  const d = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
