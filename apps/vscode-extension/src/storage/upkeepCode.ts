import { compactJournal, copyJournalAside } from './journalCompaction';
import { rebuildIndex } from './rebuildIndex';

/**
 * The storage code that runs in the background or seldom: folding a thread's journal into its base, keeping a bad
 * journal aside, rebuilding the thread index. The repository is handed it (`FileThreadRepositoryOptions.upkeep`,
 * asked for when needed) instead of importing it, so the extension loads it after a window's first state (or when
 * a rebuild is due) and activation parses none of it. Tests pass `() => upkeepCode`.
 */
export interface UpkeepCode {
  compactJournal: typeof compactJournal;
  copyJournalAside: typeof copyJournalAside;
  rebuildIndex: typeof rebuildIndex;
}

export const upkeepCode: UpkeepCode = { compactJournal, copyJournalAside, rebuildIndex };
