/**
 * Minimal disposables, modelled on VS Code's base/common/lifecycle.ts, so core owns its resources the same way
 * the host does (every registration has an owner that disposes it) without importing `vscode`.
 */
export interface IDisposable {
  dispose(): void;
}

export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  return {
    dispose: () => {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/** Owns a set of disposables; disposing the store disposes them all, once. Adding after disposal disposes at once. */
export class DisposableStore implements IDisposable {
  private readonly items = new Set<IDisposable>();
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  add<T extends IDisposable>(item: T): T {
    if (this.disposed) {
      item.dispose();
    } else {
      this.items.add(item);
    }
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const errors: unknown[] = [];
    for (const item of this.items) {
      try {
        item.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    this.items.clear();
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'several disposables failed');
  }
}

/** Base class whose `_register`ed children are disposed with it. */
export abstract class Disposable implements IDisposable {
  protected readonly _store = new DisposableStore();

  get isDisposed(): boolean {
    return this._store.isDisposed;
  }

  protected _register<T extends IDisposable>(item: T): T {
    return this._store.add(item);
  }

  dispose(): void {
    this._store.dispose();
  }
}

/** Holds at most one replaceable child (the current request, the current process); setting disposes the old one. */
export class MutableDisposable<T extends IDisposable> implements IDisposable {
  private current: T | undefined;
  private disposed = false;

  get value(): T | undefined {
    return this.current;
  }

  set value(next: T | undefined) {
    if (this.disposed) {
      next?.dispose();
      return;
    }
    if (next === this.current) return;
    this.current?.dispose();
    this.current = next;
  }

  clear(): void {
    this.value = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.current?.dispose();
    this.current = undefined;
  }
}
