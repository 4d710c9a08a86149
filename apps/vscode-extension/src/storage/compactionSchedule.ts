import type { IDisposable } from '@roundtable/core/base/lifecycle';

/** A thread whose journal has had no line for this long is compacted. */
export const COMPACT_WHEN_IDLE_MS = 30_000;

/**
 * When each thread's journal is folded into its base: soon once it is large, else once the thread has been idle
 * for a while. Compactions run one at a time (each writes a whole thread), in the background; timers never keep the
 * process alive.
 */
export class CompactionSchedule implements IDisposable {
  private readonly timers = new Map<string, { timer: ReturnType<typeof setTimeout>; soon: boolean }>();
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    /** Compacts one thread; never rejects (it reports its own failures). */
    private readonly compact: (threadId: string) => Promise<void>,
    private readonly idleMs = COMPACT_WHEN_IDLE_MS,
  ) {}

  /** The journal is large: compact it as soon as the compactions before it are done. */
  soon(threadId: string): void {
    this.arm(threadId, 0, true);
  }

  /** A line was appended: compact once the thread has been idle (unless it is due sooner). */
  idle(threadId: string): void {
    if (this.timers.get(threadId)?.soon) return;
    this.arm(threadId, this.idleMs, false);
  }

  /** Resolves once the compactions due so far have run (tests, benchmarks). */
  async settled(): Promise<void> {
    await this.queue;
  }

  dispose(): void {
    this.disposed = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(threadId: string, ms: number, soon: boolean): void {
    if (this.disposed) return;
    const existing = this.timers.get(threadId);
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(() => {
      this.timers.delete(threadId);
      if (!this.disposed) this.queue = this.queue.then(() => this.compact(threadId));
    }, ms);
    timer.unref?.();
    this.timers.set(threadId, { timer, soon });
  }
}
