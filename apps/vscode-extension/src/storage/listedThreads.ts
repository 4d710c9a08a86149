import type { UnreadableThread } from '@roundtable/core/store/ports';
import type { ThreadSummary } from '@roundtable/core/transcript/schema';
import type { ThreadIndexFile } from './threadIndex';

/**
 * The thread list as the store last heard it (from `list`, or from this process's own saves and deletions), each
 * summary as JSON by id. The repository compares the index against it to find other windows' changes, so a thread
 * another window added or removed is reported even when this process has rewritten the index since (its writes
 * carry the other window's entries along).
 */
export class ListedThreads {
  private summaries = new Map<string, string>();
  private unreadable = '[]';

  /** The list as told to the store now. */
  remember(index: Pick<ThreadIndexFile, 'threads' | 'unreadable'>): void {
    this.summaries = new Map(index.threads.map((t) => [t.id, JSON.stringify(t)]));
    this.unreadable = JSON.stringify(index.unreadable);
  }

  /** Whether `index` lists other threads, other summaries or other unreadable files than the store heard of. */
  differsFrom(index: { threads: readonly ThreadSummary[]; unreadable: readonly UnreadableThread[] }): boolean {
    return (
      index.threads.length !== this.summaries.size ||
      index.threads.some((t) => this.summaries.get(t.id) !== JSON.stringify(t)) ||
      JSON.stringify(index.unreadable) !== this.unreadable
    );
  }

  /** The summary the store heard for a thread, as JSON. */
  summaryOf(threadId: string): string | undefined {
    return this.summaries.get(threadId);
  }

  set(summary: ThreadSummary): void {
    this.summaries.set(summary.id, JSON.stringify(summary));
  }

  delete(threadId: string): void {
    this.summaries.delete(threadId);
  }
}
