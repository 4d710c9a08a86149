import type { IDisposable } from './lifecycle';

/** Subscribe with a listener; dispose the result to unsubscribe. */
export type Event<T> = (listener: (value: T) => void) => IDisposable;

/**
 * A typed event source. A throwing listener does not stop the others: its error goes to `onListenerError`
 * (the host logs it), because one broken subscriber must not silence the rest of the UI.
 */
export class Emitter<T> implements IDisposable {
  private listeners = new Set<(value: T) => void>();
  private disposed = false;

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  readonly event: Event<T> = (listener) => {
    if (this.disposed) return { dispose: () => {} };
    // Wrap so the same function can subscribe twice and each subscription is removed on its own.
    const entry = (value: T) => listener(value);
    this.listeners.add(entry);
    return { dispose: () => this.listeners.delete(entry) };
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
    this.listeners.clear();
  }
}
