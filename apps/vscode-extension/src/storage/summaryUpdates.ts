import type { IDisposable } from '@roundtable/core/base/lifecycle';
import type { Logger } from '@roundtable/core/ports';
import type { ThreadSummary } from '@roundtable/core/transcript/schema';
import type { ThreadIndexStore } from './ThreadIndexStore';
import { currentRevision, describeError, type StorageFs } from './threadFiles';
import { upsertThread } from './threadIndex';

/** How long summaries of appended threads wait to be written to the index together. */
export const SUMMARY_DELAY_MS = 500;

/**
 * The index's summaries of threads whose saves only appended to their journal, written together shortly after,
 * off the save's path: a save is durable once its journal line is, and the index is a cache (after a crash it may
 * show a thread's summary as of its last whole write until the thread is opened; nothing stored is lost).
 */
export class SummaryUpdates implements IDisposable {
  private readonly pending = new Map<string, ThreadSummary>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly fs: StorageFs,
    private readonly index: ThreadIndexStore,
    private readonly logger: Logger,
  ) {}

  set(summary: ThreadSummary): void {
    this.pending.set(summary.id, summary);
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), SUMMARY_DELAY_MS);
    this.timer.unref?.();
  }

  /** Forgets a thread's pending summary (it was written whole, with its summary, or deleted). */
  drop(threadId: string): void {
    this.pending.delete(threadId);
  }

  /** Writes the pending summaries now; resolves once they are written (or the attempt failed and was logged). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const summaries = [...this.pending.values()];
    this.pending.clear();
    if (summaries.length === 0) return this.writing;
    this.writing = this.writing.then(() => this.write(summaries));
    return this.writing;
  }

  dispose(): void {
    void this.flush();
  }

  private async write(summaries: readonly ThreadSummary[]): Promise<void> {
    try {
      await this.index.withLock(async () => {
        let index = await this.index.read();
        for (const summary of summaries) {
          // Deletions happen under the index lock: a thread whose base file is gone now stays out of the index.
          if ((await currentRevision(this.fs, this.index.pathOf(`${summary.id}.json`))) === null) continue;
          // A whole write since (which writes its summary at once) may have put a newer one there.
          const listed = index.threads.find((t) => t.id === summary.id);
          if (listed && Date.parse(listed.updatedAt) > Date.parse(summary.updatedAt)) continue;
          index = upsertThread(index, summary);
        }
        await this.index.write(index);
      });
    } catch (error) {
      this.logger.warn(`Could not update the thread index (it is rebuilt when stale): ${describeError(error)}`);
    }
  }
}
