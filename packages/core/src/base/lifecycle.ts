/**
 * Minimal disposables, modelled on VS Code's base/common/lifecycle.ts, so core owns its resources the same way
 * the host does (every registration has an owner that disposes it) without importing `vscode`.
 */
export interface IDisposable {
  dispose(): void;
}

/**
 * Hears the life of every disposable made here, so a test can list the ones nobody disposed. Only tests install
 * one (`setDisposableTracker`); while none is set, each hook below is one null check.
 */
export interface DisposableTracker {
  /** `disposable` was just created. */
  trackDisposable(disposable: IDisposable): void;
  /** `child` is held by `parent` (a store, a base class, a `MutableDisposable`): disposing the parent disposes it. */
  setParent(child: IDisposable, parent: IDisposable | null): void;
  markAsDisposed(disposable: IDisposable): void;
  /** `disposable` lives as long as the process, on purpose: neither it nor what it holds is a leak. */
  markAsSingleton(disposable: IDisposable): void;
}

let tracker: DisposableTracker | null = null;

/** Installs (or, with `null`, removes) the tracker every disposable made from now on reports to. */
export function setDisposableTracker(next: DisposableTracker | null): void {
  tracker = next;
}

export function trackDisposable<T extends IDisposable>(disposable: T): T {
  tracker?.trackDisposable(disposable);
  return disposable;
}

export function markAsDisposed(disposable: IDisposable): void {
  tracker?.markAsDisposed(disposable);
}

export function setParentOfDisposable(child: IDisposable, parent: IDisposable | null): void {
  tracker?.setParent(child, parent);
}

/** Marks a disposable that is meant to live until the process ends (a module-level cache, a shared emitter). */
export function markAsSingleton<T extends IDisposable>(disposable: T): T {
  tracker?.markAsSingleton(disposable);
  return disposable;
}

export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  const disposable: IDisposable = {
    dispose: () => {
      if (done) return;
      done = true;
      markAsDisposed(disposable);
      fn();
    },
  };
  return trackDisposable(disposable);
}

/** Owns a set of disposables; disposing the store disposes them all, once. Adding after disposal disposes at once. */
export class DisposableStore implements IDisposable {
  private readonly items = new Set<IDisposable>();
  private disposed = false;

  constructor() {
    trackDisposable(this);
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  add<T extends IDisposable>(item: T): T {
    if (this.disposed) {
      item.dispose();
    } else {
      setParentOfDisposable(item, this);
      this.items.add(item);
    }
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    markAsDisposed(this);
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

  constructor() {
    trackDisposable(this);
    setParentOfDisposable(this._store, this);
  }

  get isDisposed(): boolean {
    return this._store.isDisposed;
  }

  protected _register<T extends IDisposable>(item: T): T {
    return this._store.add(item);
  }

  dispose(): void {
    markAsDisposed(this);
    this._store.dispose();
  }
}

/** Holds at most one replaceable child (the current request, the current process); setting disposes the old one. */
export class MutableDisposable<T extends IDisposable> implements IDisposable {
  private current: T | undefined;
  private disposed = false;

  constructor() {
    trackDisposable(this);
  }

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
    if (next) setParentOfDisposable(next, this);
    this.current = next;
  }

  clear(): void {
    this.value = undefined;
  }

  dispose(): void {
    this.disposed = true;
    markAsDisposed(this);
    this.current?.dispose();
    this.current = undefined;
  }
}
