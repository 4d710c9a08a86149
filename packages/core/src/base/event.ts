import { type IDisposable, markAsDisposed, toDisposable, trackDisposable } from './lifecycle';

/** Subscribe with a listener; dispose the result to unsubscribe. */
export type Event<T> = (listener: (value: T) => void) => IDisposable;

/**
 * A typed event source. A throwing listener does not stop the others: its error goes to `onListenerError`
 * (the host logs it), because one broken subscriber must not silence the rest of the UI.
 *
 * Each subscription is a tracked disposable of its own, and disposing the emitter does not count as disposing
 * them: a subscriber that forgets its subscription is a leak whenever the emitter outlives it (a view listening
 * to the store), so a test's leak check must see it even when the test ends by disposing both.
 */
export class Emitter<T> implements IDisposable {
  private listeners = new Set<(value: T) => void>();
  private disposed = false;

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {
    trackDisposable(this);
  }

  readonly event: Event<T> = (listener) => {
    if (this.disposed) return { dispose: () => {} };
    // Wrap so the same function can subscribe twice and each subscription is removed on its own.
    const entry = (value: T) => listener(value);
    this.listeners.add(entry);
    return toDisposable(() => this.listeners.delete(entry));
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  dispose(): void {
    this.disposed = true;
    markAsDisposed(this);
    this.listeners.clear();
  }
}
