import type { IDisposable } from '@roundtable/core/base/lifecycle';

/**
 * Start-up work that must not slow the first thing a user sees: the proxy's first check (whose `fetch` costs tens of
 * milliseconds to load), the managed proxy's code, the local providers' model lists. It runs once the first chat
 * view state has been posted, or after `fallbackMs` in a window whose chat view is not open (its status bar item
 * still has to come true).
 *
 * Invariant: each piece of work runs exactly once, in the order given, unless the gate is disposed first (then never,
 * even when given afterwards).
 */
export class AfterFirstState implements IDisposable {
  private readonly pending: (() => void)[] = [];
  private opened = false;
  private disposed = false;
  private readonly fallback: ReturnType<typeof setTimeout>;

  constructor(fallbackMs: number) {
    this.fallback = setTimeout(() => this.open(), fallbackMs);
    this.fallback.unref?.();
  }

  /** Runs `work` once the gate opens (at once if it has). */
  run(work: () => void): void {
    if (this.disposed) return;
    if (this.opened) work();
    else this.pending.push(work);
  }

  /** The first state is out: the work runs on the next turn of the event loop, after the post itself. */
  firstStatePosted(): void {
    if (!this.opened) setTimeout(() => this.open(), 0);
  }

  private open(): void {
    if (this.opened) return;
    this.opened = true;
    clearTimeout(this.fallback);
    for (const work of this.pending.splice(0)) work();
  }

  dispose(): void {
    this.disposed = true;
    this.opened = true;
    clearTimeout(this.fallback);
    this.pending.length = 0;
  }
}
