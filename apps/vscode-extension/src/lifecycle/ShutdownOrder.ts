import type { IDisposable } from '@roundtable/core/base/lifecycle';

/**
 * Keeps what a shutdown still needs alive until the shutdown is done. VS Code calls `deactivate()` and then, at once,
 * without waiting for the promise it returned, disposes the extension's subscriptions; disposing the thread store
 * and the turn runner there would cut the shutdown short (replies in flight never written as stopped, pending
 * writes dropped). So the owned resources go in `subscription` for VS Code, which disposes them itself only when no
 * shutdown runs (an extension disposed without `deactivate`); a shutdown disposes them when it has finished.
 */
export class ShutdownOrder {
  private shuttingDown = false;

  /** What goes in `context.subscriptions` in place of the owned resources. */
  readonly subscription: IDisposable = {
    dispose: () => {
      if (!this.shuttingDown) this.owned.dispose();
    },
  };

  constructor(private readonly owned: IDisposable) {}

  /** Runs `work` (the shutdown), then disposes the owned resources, whether `work` succeeded or not. */
  async shutdown(work: () => Promise<void>): Promise<void> {
    this.shuttingDown = true;
    try {
      await work();
    } finally {
      this.owned.dispose();
    }
  }
}
