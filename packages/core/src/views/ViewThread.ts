import type { IDisposable } from '../base/lifecycle';
import type { Orchestrator } from '../orchestrator/Orchestrator';
import type { ThreadLease } from '../store/ThreadStore';

/**
 * Which thread one view shows. At first the view chooses one from the thread list alone (the newest stored thread,
 * or a new one) and shows its shell while the thread is read; then it holds the loaded thread by a lease, which
 * each switch of thread replaces.
 *
 * Invariants:
 * - `threadId` is undefined only before the first `choose` has settled;
 * - `isLoaded` is true once the first `ensure` has settled, and stays true: every thread shown after it is loaded;
 * - a lease taken for a view that went meanwhile is let go at once (nothing else would release it).
 */
export class ViewThread implements IDisposable {
  private lease: ThreadLease | undefined;
  /** The thread chosen at first while it is being read; then undefined. */
  private pending: { threadId: string; isNew: boolean } | undefined;
  private choosing: Promise<void> | undefined;
  private opening: Promise<void> | undefined;
  private disposed = false;

  constructor(
    private readonly orchestrator: Orchestrator,
    /** A thread was shown: the view sends its full state. */
    private readonly onShown: () => void,
  ) {}

  get threadId(): string | undefined {
    return this.lease?.threadId ?? this.pending?.threadId;
  }

  get isLoaded(): boolean {
    return this.lease !== undefined;
  }

  /** The first time: reads the thread list (its newest part) and chooses the newest stored thread, or a new one. */
  choose(): Promise<void> {
    this.choosing ??= (async () => {
      const { store } = this.orchestrator;
      await store.initialize();
      const newest = store.catalog.newest()?.id;
      this.pending = newest ? { threadId: newest, isNew: false } : { threadId: store.newThreadId(), isNew: true };
    })();
    return this.choosing;
  }

  /**
   * The first time: loads the chosen thread (reads it, with the code a thread in memory runs), or a new one when it
   * cannot be read, and shows it. Every other path to a thread waits for this first.
   */
  ensure(): Promise<void> {
    this.opening ??= (async () => {
      await this.choose();
      const chosen = this.pending;
      if (!chosen) return;
      const { orchestrator } = this;
      const opened = chosen.isNew ? undefined : await orchestrator.store.open(chosen.threadId);
      const lease = opened?.ok ? opened.lease : await orchestrator.newThread(opened ? undefined : chosen.threadId);
      this.pending = undefined;
      this.show(lease);
    })();
    return this.opening;
  }

  /** Switches to the thread `lease` holds, and lets the previous one go once the view has shown the new one. */
  show(lease: ThreadLease): void {
    if (this.disposed) {
      lease.dispose();
      return;
    }
    const previous = this.lease;
    this.lease = lease;
    this.onShown();
    previous?.dispose();
  }

  /** The shown thread went (deleted here or elsewhere): the newest thread takes its place, or a new one. */
  async replaceRemoved(removed: string): Promise<void> {
    const { store } = this.orchestrator;
    // The view went, or moved on to another thread meanwhile: what was opened for it is let go.
    const movedOn = () => this.disposed || (this.threadId !== removed && this.threadId !== undefined);
    const newest = store.catalog.newest()?.id;
    const opened = newest ? await store.open(newest) : undefined;
    if (movedOn()) {
      if (opened?.ok) opened.lease.dispose();
      return;
    }
    const lease = opened?.ok ? opened.lease : await this.orchestrator.newThread();
    if (movedOn()) lease.dispose();
    else this.show(lease);
  }

  dispose(): void {
    this.disposed = true;
    this.lease?.dispose();
  }
}
