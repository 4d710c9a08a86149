import { toDisposable } from '../base/lifecycle';
import type { StoredCopy } from './storedCopy';
import type { ThreadLease } from './types';

export interface LoadedThread extends StoredCopy {
  leases: number;
}

/**
 * The threads in memory and who holds them (a view showing one, a turn running in one). A thread nobody holds is
 * dropped, but only once `settle` has written everything it has and `isPending` says nothing is left; a blank new
 * thread (never written) is dropped at once.
 */
export class LoadedThreads {
  private readonly entries = new Map<string, LoadedThread>();

  constructor(
    private readonly settle: (threadId: string) => Promise<void>,
    private readonly isPending: (threadId: string) => boolean,
  ) {}

  get(threadId: string): LoadedThread | undefined {
    return this.entries.get(threadId);
  }

  has(threadId: string): boolean {
    return this.entries.has(threadId);
  }

  add(threadId: string, copy: StoredCopy): LoadedThread {
    const entry = { ...copy, leases: 0 };
    this.entries.set(threadId, entry);
    return entry;
  }

  /** Drops a thread at once (it is gone); true if it was here. */
  delete(threadId: string): boolean {
    return this.entries.delete(threadId);
  }

  [Symbol.iterator](): IterableIterator<[string, LoadedThread]> {
    return this.entries.entries();
  }

  /**
   * Holds a loaded thread until the lease is disposed (disposing twice releases once). A lease is a tracked
   * disposable: one never released keeps its thread in memory for good, so a test's leak check reports it.
   */
  lease(threadId: string): ThreadLease {
    const entry = this.entries.get(threadId);
    if (!entry) throw new Error(`thread ${threadId} is not loaded`);
    entry.leases += 1;
    const release = toDisposable(() => {
      entry.leases -= 1;
      void this.dropWhenUnused(threadId, entry);
    });
    return { threadId, dispose: () => release.dispose() };
  }

  private async dropWhenUnused(threadId: string, entry: LoadedThread): Promise<void> {
    if (entry.leases > 0) return;
    if (!(entry.doc.isBlank && entry.revision === null)) {
      await this.settle(threadId);
      if (entry.leases > 0 || this.isPending(threadId)) return;
    }
    if (this.entries.get(threadId) === entry) this.entries.delete(threadId);
  }
}
