import { join } from 'node:path';
import type { IDisposable } from '@roundtable/core/base/lifecycle';
import type { Logger } from '@roundtable/core/ports';
import type { Revision } from '@roundtable/core/store/ports';
import { withFileLock } from '@roundtable/sidecar/fs/fileLock';
import { needsCompaction } from './compactionRule';
import { CompactionSchedule } from './compactionSchedule';
import type { ThreadIndexStore } from './ThreadIndexStore';
import { describeError, type StorageFs } from './threadFiles';
import type { RejectedLine, StoredThread } from './threadState';
import type { ThreadStates } from './threadStates';

export interface JournalUpkeepDeps {
  fs: StorageFs;
  index: ThreadIndexStore;
  states: ThreadStates;
  /** The revision of each thread as this process last read or wrote it (the repository's). */
  known: Map<string, Revision>;
  logger: Logger;
  now: () => Date;
  compactWhenIdleMs?: number;
}

/** Folding and keeping aside, loaded the first time a journal needs either: a first state parses none of it. */
const compaction = () => import('./journalCompaction');

/**
 * The background care of the threads' journals, off every save's path: folding them into their bases (when long,
 * or idle), and keeping aside a journal that had a bad line. A compaction changes a thread's revision without changing what it holds, so it tells `states` (a save based on the old
 * revision is then no conflict) and `known` (it is no change by another window).
 */
export class JournalUpkeep implements IDisposable {
  private readonly schedule: CompactionSchedule;
  /** Journals already kept aside for a bad line, by thread and journal revision, so each is reported once. */
  private readonly keptAside = new Set<string>();

  constructor(private readonly deps: JournalUpkeepDeps) {
    this.schedule = new CompactionSchedule((id) => this.compact(id), deps.compactWhenIdleMs);
  }

  /** A line was appended: compact soon when the journal is long, else once the thread is idle. */
  appended(threadId: string, stored: StoredThread): void {
    if (needsCompaction(stored)) this.schedule.soon(threadId);
    else this.schedule.idle(threadId);
  }

  /** A thread was read with journal lines left out: keep the journal aside and fold it soon. */
  async rejected(threadId: string, stored: StoredThread, rejected: readonly RejectedLine[]): Promise<void> {
    if (rejected.length > 0) await this.keepAside(threadId, stored.journal ?? '', rejected);
  }

  /** Compacts one thread now, after the compactions already due. */
  async compactNow(threadId: string): Promise<void> {
    await this.schedule.settled();
    await this.compact(threadId);
  }

  settled(): Promise<void> {
    return this.schedule.settled();
  }

  dispose(): void {
    this.schedule.dispose();
  }

  private async compact(threadId: string): Promise<void> {
    try {
      const { fs, index, states } = this.deps;
      const { compactJournal } = await compaction();
      const known = () => states.get(threadId);
      const done = await compactJournal(fs, index, (fn) => this.locked(threadId, fn), threadId, known);
      if (done) this.moved(threadId, done.before, done.after, done.stored);
    } catch (error) {
      this.deps.logger.warn(
        `Could not compact thread ${threadId} (its journal stays, nothing is lost): ${describeError(error)}`,
      );
    }
  }

  /**
   * Some journal lines could not be used: they were left out (nothing the base file or the other lines hold is
   * lost). The journal is copied aside for a person to look at, and folded into the base so the bad lines go.
   */
  private async keepAside(threadId: string, journal: string, rejected: readonly RejectedLine[]): Promise<void> {
    const key = `${threadId}:${journal}`;
    if (this.keptAside.has(key)) return;
    this.keptAside.add(key);
    const lines = rejected.map((r) => `line ${r.line}: ${r.reason}`).join('; ');
    try {
      const { copyJournalAside } = await compaction();
      const copy = await copyJournalAside(this.deps.fs, this.deps.index, threadId, this.deps.now());
      this.deps.logger.error(
        `Thread ${threadId}: ${rejected.length} journal line(s) could not be used and were left out (${lines}). The journal was kept as ${copy}; the rest of the thread is loaded.`,
      );
    } catch (error) {
      this.deps.logger.error(
        `Thread ${threadId}: journal lines left out (${lines}); keeping a copy failed: ${describeError(error)}`,
      );
    }
    this.schedule.soon(threadId);
  }

  private moved(threadId: string, before: Revision, after: Revision, stored: StoredThread | undefined): void {
    this.deps.states.compactedTo(threadId, before, after, stored);
    if (this.deps.known.get(threadId) === before) this.deps.known.set(threadId, after);
  }

  private locked<T>(threadId: string, fn: () => Promise<T>): Promise<T> {
    return withFileLock(join(this.deps.index.folders.locks, `${threadId}.lock`), fn);
  }
}
