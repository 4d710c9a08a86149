import type { DisposableTracker, IDisposable } from '../base/lifecycle';

/** A disposable nobody disposed, with where it was made and how many other live ones it holds. */
export interface DisposableLeak {
  disposable: IDisposable;
  /** The creation stack, without the frames of the disposable machinery itself. */
  stack: string;
  /** Live disposables held (directly or not) by this one: they go when it goes, so they are not listed. */
  held: number;
}

/** How many frames of each creation stack a report shows, and how many leaks it lists. */
const STACK_FRAMES = 8;
const LISTED = 10;
/** Frames from these files say how a disposable is made, not who made it. */
const MACHINERY = /[/\\](?:lifecycle|event|DisposableLeakTracker)\.ts[:?]|node_modules|node:internal|\(<anonymous>\)$/;

/**
 * Records every disposable made while it is installed (`setDisposableTracker`) and which are still alive, for
 * tests: `leaks()` lists the live ones nobody holds. A disposable held by a store (or a `Disposable`, or a
 * `MutableDisposable`) is the holder's to dispose, so only the topmost live holder is reported; one held by a
 * store that was disposed was disposed with it. Singletons (`markAsSingleton`) and what they hold never leak.
 *
 * Parents and singleton marks are kept weakly; only live disposables are held, until they are disposed.
 */
export class DisposableLeakTracker implements DisposableTracker {
  private readonly live = new Map<IDisposable, string>();
  private readonly parents = new WeakMap<IDisposable, IDisposable>();
  private readonly singletons = new WeakSet<IDisposable>();

  trackDisposable(disposable: IDisposable): void {
    if (!this.live.has(disposable)) this.live.set(disposable, creationStack());
  }

  setParent(child: IDisposable, parent: IDisposable | null): void {
    if (parent) this.parents.set(child, parent);
    else this.parents.delete(child);
  }

  markAsDisposed(disposable: IDisposable): void {
    this.live.delete(disposable);
  }

  markAsSingleton(disposable: IDisposable): void {
    this.singletons.add(disposable);
  }

  /** How many tracked disposables are alive now, held ones included (singletons and what they hold left out). */
  liveCount(): number {
    let count = 0;
    for (const disposable of this.live.keys()) if (this.rootOf(disposable) !== undefined) count += 1;
    return count;
  }

  /** The live disposables that no live disposable holds, in creation order. */
  leaks(): DisposableLeak[] {
    const held = new Map<IDisposable, number>();
    for (const disposable of this.live.keys()) {
      const root = this.rootOf(disposable);
      if (root !== undefined && root !== disposable) held.set(root, (held.get(root) ?? 0) + 1);
    }
    const leaks: DisposableLeak[] = [];
    for (const [disposable, stack] of this.live) {
      if (this.rootOf(disposable) === disposable) leaks.push({ disposable, stack, held: held.get(disposable) ?? 0 });
    }
    return leaks;
  }

  /** A readable list of the leaks (at most `LISTED`, each with the top of its creation stack); undefined if none. */
  report(): string | undefined {
    const leaks = this.leaks();
    if (leaks.length === 0) return undefined;
    const lines = leaks.slice(0, LISTED).map((leak, i) => {
      const holding = leak.held > 0 ? ` (holding ${leak.held} more)` : '';
      return `${i + 1}. ${nameOf(leak.disposable)}${holding}, created\n${leak.stack}`;
    });
    if (leaks.length > LISTED) lines.push(`…and ${leaks.length - LISTED} more.`);
    const count = `${leaks.length} disposable${leaks.length === 1 ? ' was' : 's were'}`;
    return `${count} left undisposed (dispose each, or register it with an owner that is disposed):\n${lines.join('\n')}`;
  }

  /**
   * The topmost live holder of a live disposable (itself when nothing live holds it), or undefined when it, or
   * anything above it, is a singleton.
   */
  private rootOf(disposable: IDisposable): IDisposable | undefined {
    let root = disposable;
    let current: IDisposable | undefined = disposable;
    // Bounded: a parent chain is a few levels deep; a cycle (a bug elsewhere) must not hang the test.
    for (let depth = 0; current !== undefined && depth < 100; depth++) {
      if (this.singletons.has(current)) return undefined;
      if (this.live.has(current)) root = current;
      current = this.parents.get(current);
    }
    return root;
  }
}

function creationStack(): string {
  // V8 keeps 10 frames by default; the machinery alone can take half of them.
  const errorClass = Error as { stackTraceLimit?: number };
  const limit = errorClass.stackTraceLimit;
  errorClass.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  errorClass.stackTraceLimit = limit;
  const frames = stack
    .split('\n')
    .slice(1)
    .filter((line) => !MACHINERY.test(line));
  return frames
    .slice(0, STACK_FRAMES)
    .map((line) => `     ${line.trim()}`)
    .join('\n');
}

function nameOf(disposable: IDisposable): string {
  const name = disposable.constructor?.name;
  return name && name !== 'Object' ? name : 'a disposable (a subscription, a toDisposable or a thread lease)';
}
