import type { ThreadSummary } from '../transcript/schema';
import type { StoredThreadList, UnreadableThread } from './ports';
import type { SaveProblem, ThreadChange } from './types';

/** The catalog as the store shows it to others: read only. */
export type ReadonlyCatalog = Pick<ThreadCatalog, 'list' | 'newest' | 'has' | 'unreadable' | 'saveProblems'>;

/**
 * What the store knows of every thread without loading it: the summaries the thread list shows, the unreadable
 * files, and the threads that could not be saved. Every change is announced through `emit`; setting what is
 * already there announces nothing.
 */
export class ThreadCatalog {
  private readonly summaries = new Map<string, ThreadSummary>();
  private unreadableThreads: readonly UnreadableThread[] = [];
  private readonly problems = new Map<string, SaveProblem>();

  constructor(private readonly emit: (change: ThreadChange) => void) {}

  /** The first list, before anyone listens: no announcements. */
  start(list: StoredThreadList): void {
    for (const s of list.threads) this.summaries.set(s.id, s);
    this.unreadableThreads = list.unreadable;
  }

  /** Threads with at least one message, newest first. */
  list(): ThreadSummary[] {
    return [...this.summaries.values()].sort(newestFirst);
  }

  newest(): ThreadSummary | undefined {
    return this.list()[0];
  }

  has(threadId: string): boolean {
    return this.summaries.has(threadId);
  }

  summary(threadId: string): ThreadSummary | undefined {
    return this.summaries.get(threadId);
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

function newestFirst(a: ThreadSummary, b: ThreadSummary): number {
  const d = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
