import type { Revision } from '@roundtable/core/store/ports';
import type { StoredThread } from './threadState';

/** How many threads' stored state this process keeps (the ones it read or wrote last). */
const CAPACITY = 8;

/**
 * What this process last read or wrote of the threads it used most recently: a save is diffed against it (so it
 * appends only what changed) and a re-read takes only the journal's new lines. The messages are shared with the
 * loaded thread, so keeping it costs little. A thread not kept here is read or written whole, which is always
 * correct, only slower.
 *
 * It also remembers, per thread, the revisions a compaction replaced without changing what the thread holds, so a
 * save based on one of them is not taken for a conflict.
 */
export class ThreadStates {
  private readonly entries = new Map<string, StoredThread>();
  private readonly compacted = new Map<string, { from: Set<Revision>; to: Revision }>();

  get(threadId: string): StoredThread | undefined {
    const stored = this.entries.get(threadId);
    if (stored) this.touch(threadId, stored);
    return stored;
  }

  set(threadId: string, stored: StoredThread): void {
    this.touch(threadId, stored);
    if (this.compacted.get(threadId)?.to !== stored.revision) this.compacted.delete(threadId);
  }

  delete(threadId: string): void {
    this.entries.delete(threadId);
    this.compacted.delete(threadId);
  }

  /** A compaction took the thread from `before` to `after`, holding the same; `stored` when that is known whole. */
  compactedTo(threadId: string, before: Revision, after: Revision, stored: StoredThread | undefined): void {
    const earlier = this.compacted.get(threadId);
    const from = earlier?.to === before ? earlier.from : new Set<Revision>();
    from.add(before);
    if (stored) this.touch(threadId, stored);
    else this.entries.delete(threadId);
    this.compacted.set(threadId, { from, to: after });
  }

  /** The revision a save based on `base` compares with: `current` when only compactions came between them. */
  resolve(threadId: string, base: Revision, current: Revision): Revision {
    const c = this.compacted.get(threadId);
    return c !== undefined && c.to === current && c.from.has(base) ? current : base;
  }

  private touch(threadId: string, stored: StoredThread): void {
    this.entries.delete(threadId);
    this.entries.set(threadId, stored);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= CAPACITY) break;
      this.entries.delete(oldest);
    }
  }
}
