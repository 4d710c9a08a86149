import type { IDisposable } from '../base/lifecycle';
import type { Clock } from '../ports';

export interface SaveTiming {
  /** A completed message (the user's, or a finished reply) is written this soon. */
  urgentMs: number;
  /** Other changes wait for this much quiet... */
  debounceMs: number;
  /** ...but never longer than this after the first unsaved change, however busy the thread is. */
  maxWaitMs: number;
  /** After a failed write, the next attempt waits this long (the last value repeats). */
  retryDelaysMs: readonly number[];
}

export const SAVE_TIMING: SaveTiming = {
  // A save costs what changed (one journal line, fsynced), so waiting to batch buys little: most of the 50 ms in
  // which a completed message must be on disk is left for the write.
  urgentMs: 5,
  debounceMs: 500,
  maxWaitMs: 2_000,
  retryDelaysMs: [1_000, 2_000, 5_000, 15_000, 30_000],
};

/** How soon a change must reach disk: `urgent` for completed messages, `normal` for everything else. */
export type SaveUrgency = 'urgent' | 'normal';

interface Entry {
  /** When the oldest change not yet being written was made; undefined when there is none. */
  dirtySince?: number;
  urgentBy?: number;
  /** After failures: no automatic attempt before this. */
  retryAt?: number;
  dueAt?: number;
  timer?: IDisposable;
  writing?: Promise<void>;
  failures: number;
}

/**
 * Decides when each thread is written, with one timer per thread so a busy thread never delays another's save.
 *
 * Invariants:
 * - a thread is written at most `urgentMs` after an urgent change and at most `maxWaitMs` after its first unsaved
 *   change, whatever else happens (a stream of changes extends the debounce, never past the maximum wait);
 * - one write at a time per thread; `write` reads the thread when it starts, so a change during a write is
 *   written by the next one, never lost;
 * - a failed write keeps the thread dirty and is tried again after a growing delay (or on `flush`); the caller's
 *   `onError` hears about each failure, and `write` succeeding again is the caller's cue that it is resolved.
 */
export class SaveScheduler implements IDisposable {
  private readonly entries = new Map<string, Entry>();
  private disposed = false;

  constructor(
    private readonly clock: Clock,
    private readonly write: (threadId: string) => Promise<void>,
    private readonly onError: (threadId: string, error: unknown) => void,
    private readonly timing: SaveTiming = SAVE_TIMING,
  ) {}

  schedule(threadId: string, urgency: SaveUrgency): void {
    if (this.disposed) return;
    const now = this.clock.now().getTime();
    const e = this.entry(threadId);
    e.dirtySince ??= now;
    if (urgency === 'urgent') e.urgentBy = Math.min(e.urgentBy ?? Number.POSITIVE_INFINITY, now + this.timing.urgentMs);
    const due = Math.max(
      Math.min(
        e.urgentBy ?? Number.POSITIVE_INFINITY,
        now + this.timing.debounceMs,
        e.dirtySince + this.timing.maxWaitMs,
      ),
      e.retryAt ?? Number.NEGATIVE_INFINITY,
    );
    this.arm(threadId, e, due, now);
  }

  /** True while the thread has changes not yet written, or a write in progress. */
  isPending(threadId: string): boolean {
    const e = this.entries.get(threadId);
    return e !== undefined && (e.dirtySince !== undefined || e.writing !== undefined);
  }

  /** Writes now, skipping any wait: one thread, or every pending one. Resolves when those writes are done. */
  async flush(threadId?: string): Promise<void> {
    const ids = threadId === undefined ? [...this.entries.keys()] : [threadId];
    await Promise.all(ids.map((id) => this.run(id, true)));
  }

  dispose(): void {
    this.disposed = true;
    for (const e of this.entries.values()) e.timer?.dispose();
    this.entries.clear();
  }

  private entry(threadId: string): Entry {
    let e = this.entries.get(threadId);
    if (!e) {
      e = { failures: 0 };
      this.entries.set(threadId, e);
    }
    return e;
  }

  private arm(threadId: string, e: Entry, due: number, now: number): void {
    if (e.timer && e.dueAt === due) return;
    e.timer?.dispose();
    e.dueAt = due;
    e.timer = this.clock.setTimeout(
      () => {
        e.timer = undefined;
        e.dueAt = undefined;
        void this.run(threadId, false);
      },
      Math.max(0, due - now),
    );
  }

  private async run(threadId: string, now: boolean): Promise<void> {
    const e = this.entries.get(threadId);
    if (!e) return;
    // Another run may start a write while this one waits (a timer firing during a write): wait for that one too,
    // so a flush returns only once what was pending when it was called is written.
    while (e.writing) await e.writing;
    if (e.dirtySince === undefined || this.disposed) {
      this.forgetIfIdle(threadId, e);
      return;
    }
    if (!now && e.timer) return; // a later change re-armed the timer while we waited
    e.timer?.dispose();
    e.timer = undefined;
    e.dueAt = undefined;
    e.dirtySince = undefined;
    e.urgentBy = undefined;
    e.retryAt = undefined;
    const writing = this.attempt(threadId, e);
    e.writing = writing;
    await writing;
    if (e.writing === writing) e.writing = undefined;
    this.forgetIfIdle(threadId, e);
  }

  private async attempt(threadId: string, e: Entry): Promise<void> {
    try {
      await this.write(threadId);
      e.failures = 0;
    } catch (error) {
      e.failures += 1;
      const delays = this.timing.retryDelaysMs;
      const delay = delays[Math.min(e.failures, delays.length) - 1] ?? this.timing.maxWaitMs;
      const now = this.clock.now().getTime();
      e.dirtySince ??= now;
      e.retryAt = now + delay;
      if (!this.disposed) this.arm(threadId, e, e.retryAt, now);
      this.onError(threadId, error);
    }
  }

  private forgetIfIdle(threadId: string, e: Entry): void {
    if (e.dirtySince === undefined && !e.writing && !e.timer && e.failures === 0) this.entries.delete(threadId);
  }
}
