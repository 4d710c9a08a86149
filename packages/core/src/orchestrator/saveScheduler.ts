import type { IDisposable } from '../base/lifecycle';
import type { Clock, Logger } from '../ports';
import type { Transcript } from '../transcript/schema';
import type { ThreadRepository } from './ports';

/** Quiet time after the last change before a thread is written (brief section 13). */
export const SAVE_DEBOUNCE_MS = 500;

/**
 * Write-behind for threads: each thread is written 500 ms after its last change, one write at a time per thread,
 * and `flush()` writes everything pending now (deactivation). The snapshot is taken when the write starts, so a
 * change during a write schedules one more write rather than being lost. A failed write is logged and retried
 * on the next change or flush; the in-memory thread is untouched, so nothing is lost.
 */
export class SaveScheduler implements IDisposable {
  private readonly dirty = new Map<string, () => Transcript>();
  private timer: IDisposable | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: ThreadRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly debounceMs = SAVE_DEBOUNCE_MS,
  ) {}

  /** Marks a thread changed; `snapshot` is called when the write happens and must return what to persist. */
  schedule(threadId: string, snapshot: () => Transcript): void {
    this.dirty.set(threadId, snapshot);
    this.timer?.dispose();
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.writePending();
    }, this.debounceMs);
  }

  /** Writes every pending thread now and resolves when all writes (including one in progress) are done. */
  async flush(): Promise<void> {
    this.timer?.dispose();
    this.timer = undefined;
    await this.writePending();
  }

  private writePending(): Promise<void> {
    // Chain on the previous write so two writes of the same file never overlap.
    this.writing = this.writing.then(async () => {
      const batch = [...this.dirty.entries()];
      this.dirty.clear();
      for (const [threadId, snapshot] of batch) {
        try {
          await this.repository.save(snapshot());
        } catch (error) {
          this.logger.error(`Could not save thread ${threadId}: ${errorText(error)}. It will be retried.`);
          if (!this.dirty.has(threadId)) this.dirty.set(threadId, snapshot);
        }
      }
    });
    return this.writing;
  }

  dispose(): void {
    this.timer?.dispose();
    this.timer = undefined;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
