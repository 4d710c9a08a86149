import type { ThreadSummary } from '../transcript/schema';
import { newestFirst } from '../transcript/threadList';
import type { StoredThreadList, UnreadableThread } from './ports';
import type { SpendRecord } from './spendRecord';
import type { SaveProblem, ThreadChange } from './types';

/**
 * The catalog as the store shows it to others: read only, but for `fillSpend`, which only adds to what the sums read a
 * record derived from the thread itself (for an entry an older build wrote without one).
 */
export type ReadonlyCatalog = Pick<
  ThreadCatalog,
  'list' | 'newest' | 'has' | 'unreadable' | 'saveProblems' | 'spendByThread' | 'fillSpend'
>;

/**
 * What the store knows of every thread without loading it: the summaries the thread list shows, the unreadable
 * files, and the threads that could not be saved. Every change is announced through `emit`; setting what is
 * already there announces nothing.
 */
export class ThreadCatalog {
  private readonly summaries = new Map<string, ThreadSummary>();
  private unreadableThreads: readonly UnreadableThread[] = [];
  private readonly problems = new Map<string, SaveProblem>();
  /** `list()`'s answer until the next change (a thread picker and each page's list ask for it). */
  private sorted: ThreadSummary[] | undefined;
  /**
   * Spend records read from the threads themselves, for entries an older build wrote without one (`fillSpend`):
   * kept apart from the summaries, so a list read again from such an index does not lose them.
   */
  private readonly filledSpend = new Map<string, SpendRecord>();

  constructor(private readonly emit: (change: ThreadChange) => void) {}

  /** The first list, before anyone listens: no announcements. */
  start(list: StoredThreadList): void {
    for (const s of list.threads) this.summaries.set(s.id, s);
    this.unreadableThreads = list.unreadable;
    this.sorted = undefined;
  }

  /**
   * The rest of a list that started with its newest part: threads not known yet are added without one
   * announcement each (there may be thousands, and nobody has seen them); true if anything was added.
   */
  fill(list: StoredThreadList): boolean {
    let added = false;
    for (const s of list.threads) {
      if (this.summaries.has(s.id)) continue;
      this.summaries.set(s.id, s);
      added = true;
    }
    if (added) this.sorted = undefined;
    if (JSON.stringify(list.unreadable) !== JSON.stringify(this.unreadableThreads)) {
      this.unreadableThreads = list.unreadable;
      this.emit({ kind: 'unreadableChanged', unreadable: list.unreadable });
    }
    return added;
  }

  /** Threads with at least one message, newest first. */
  list(): ThreadSummary[] {
    this.sorted ??= [...this.summaries.values()].sort(newestFirst);
    return [...this.sorted];
  }

  /** The newest thread, found without sorting the list (a window's first state needs only this one). */
  newest(): ThreadSummary | undefined {
    let newest: ThreadSummary | undefined;
    for (const s of this.summaries.values()) if (!newest || newestFirst(s, newest) < 0) newest = s;
    return newest;
  }

  has(threadId: string): boolean {
    return this.summaries.has(threadId);
  }

  summary(threadId: string): ThreadSummary | undefined {
    return this.summaries.get(threadId);
  }

  /**
   * Each listed thread's spend record, once each (a thread's id is its one entry): what the seats' sums add up. A
   * record read from the index was checked only as an object (`ThreadSummary`): the sums check each whole.
   */
  *spendByThread(): Iterable<[string, SpendRecord]> {
    for (const [id, s] of this.summaries) {
      const record = s.spend ?? this.filledSpend.get(id);
      if (record) yield [id, record];
    }
  }

  /** A thread's spend read from its transcript, for an entry that has none. */
  fillSpend(threadId: string, record: SpendRecord): void {
    if (this.summaries.has(threadId)) this.filledSpend.set(threadId, record);
  }

  unreadable(): readonly UnreadableThread[] {
    return this.unreadableThreads;
  }

  saveProblems(): SaveProblem[] {
    return [...this.problems.values()];
  }

  setSummary(threadId: string, summary: ThreadSummary): void {
    const before = this.summaries.get(threadId);
    if (before && JSON.stringify(before) === JSON.stringify(summary)) return;
    this.summaries.set(threadId, summary);
    this.sorted = undefined;
    this.emit({ kind: 'summaryChanged', threadId, summary });
  }

  setProblem(threadId: string, problem: SaveProblem | undefined): void {
    const before = this.problems.get(threadId);
    if (!before && !problem) return;
    if (before && problem && before.reason === problem.reason) return;
    if (problem) this.problems.set(threadId, problem);
    else this.problems.delete(threadId);
    this.emit({ kind: 'saveProblemChanged', threadId, problem });
  }

  /** Forgets a thread's summary and save problem; true if it had a summary. */
  remove(threadId: string): boolean {
    const had = this.summaries.delete(threadId);
    this.filledSpend.delete(threadId);
    if (had) this.sorted = undefined;
    this.setProblem(threadId, undefined);
    return had;
  }

  /**
   * Takes in a fresh stored list. Threads `isLoaded` keep the summary their loaded copy gave (it knows better);
   * listed threads that are gone from storage are handed to `onGone`.
   */
  refresh(list: StoredThreadList, isLoaded: (threadId: string) => boolean, onGone: (threadId: string) => void): void {
    const stored = new Map(list.threads.map((s) => [s.id, s]));
    for (const id of [...this.summaries.keys()]) if (!stored.has(id) && !isLoaded(id)) onGone(id);
    for (const [id, summary] of stored) if (!isLoaded(id)) this.setSummary(id, summary);
    if (JSON.stringify(list.unreadable) !== JSON.stringify(this.unreadableThreads)) {
      this.unreadableThreads = list.unreadable;
      this.emit({ kind: 'unreadableChanged', unreadable: list.unreadable });
    }
  }
}
