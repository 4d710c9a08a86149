import { beforeEach } from 'vitest';
import { DisposableStore, type IDisposable, setDisposableTracker } from '../../src/base/lifecycle';
import { DisposableLeakTracker } from '../../src/testing/DisposableLeakTracker';

/**
 * Fails each test of the calling file (or describe) that leaves a disposable undisposed: an emitter, a store, a
 * `Disposable`, a `MutableDisposable`, a `toDisposable`, an event subscription or a thread lease made during the
 * test and neither disposed nor held by an owner that was. The failure lists each leak with where it was made.
 *
 * Call it first thing in the file or describe. The check runs as the cleanup of its `beforeEach`, which vitest
 * calls after every `afterEach` hook at every level, so the file's own teardown (e.g. `afterEach(disposeAll)`)
 * has disposed what it owns by then, whichever order the hooks were declared in. A test that already failed is
 * not also blamed for its leaks (its teardown may not have run as planned).
 *
 * Returns a store whose contents are disposed after each test, for things a test makes and does not otherwise
 * dispose.
 */
export function ensureNoDisposablesAreLeaked(): { add<T extends IDisposable>(disposable: T): T } {
  let store: DisposableStore | undefined;
  beforeEach((context) => {
    const tracker = new DisposableLeakTracker();
    setDisposableTracker(tracker);
    const own = new DisposableStore();
    store = own;
    return () => {
      // Installed again first: a nested check (file and describe) may have replaced this tracker meanwhile.
      setDisposableTracker(tracker);
      own.dispose();
      setDisposableTracker(null);
      if (context.task.result?.state === 'fail') return;
      const report = tracker.report();
      if (report) throw new Error(report);
    };
  });
  return {
    add: (disposable) => {
      if (!store) throw new Error('ensureNoDisposablesAreLeaked: add() is for use inside a test');
      return store.add(disposable);
    },
  };
}
