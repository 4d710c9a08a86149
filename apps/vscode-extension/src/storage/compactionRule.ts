import type { StoredThread } from './threadState';

/** A journal is folded into its base once it is this large (bytes) and a quarter of the base's size. */
export const COMPACT_MIN_BYTES = 64 * 1024;

/** Whether a thread's journal is due to be folded into its base (then `journalCompaction` loads, and folds it). */
export function needsCompaction(stored: StoredThread): boolean {
  return stored.journalEnd >= Math.max(COMPACT_MIN_BYTES, stored.baseSize / 4);
}
