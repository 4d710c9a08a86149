import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { DisposableLeakTracker } from '../testing/DisposableLeakTracker';
import { Emitter } from './event';
import {
  Disposable,
  DisposableStore,
  MutableDisposable,
  markAsSingleton,
  setDisposableTracker,
  toDisposable,
} from './lifecycle';

class Owner extends Disposable {
  readonly emitter = this._register(new Emitter<number>());
  readonly child = this._register(new DisposableStore());
}

describe('the disposable tracker', () => {
  let tracker: DisposableLeakTracker;
  beforeEach(() => {
    tracker = new DisposableLeakTracker();
    setDisposableTracker(tracker);
  });
  afterEach(() => setDisposableTracker(null));

  test('a forgotten subscription is reported with where it was made; a disposed one is not', () => {
    const emitter = new Emitter<number>();
    const forgotten = emitter.event(() => {});
    emitter.event(() => {}).dispose();
    emitter.dispose();
    expect(tracker.leaks().map((l) => l.disposable)).toEqual([forgotten]);
    const report = tracker.report() ?? '';
    expect(report).toMatch(/^1 disposable was left undisposed/);
    expect(report).toContain('a disposable (a subscription, a toDisposable or a thread lease)');
    expect(report).toContain('lifecycle.test.ts');
  });

  test('disposing the emitter does not dispose its subscriptions: the subscriber still owns them', () => {
    const emitter = new Emitter<number>();
    const subscription = emitter.event(() => {});
    emitter.dispose();
    expect(tracker.leaks().map((l) => l.disposable)).toEqual([subscription]);
  });

  test('a leaked store is reported once, holding its children; disposing it disposes them all', () => {
    const store = new DisposableStore();
    store.add(toDisposable(() => {}));
    store.add(new Emitter<void>());
    expect(tracker.leaks()).toEqual([expect.objectContaining({ disposable: store, held: 2 })]);
    expect(tracker.report()).toContain('DisposableStore (holding 2 more)');
    expect(tracker.liveCount()).toBe(3);
    store.dispose();
    expect(tracker.leaks()).toEqual([]);
    expect(tracker.liveCount()).toBe(0);
    expect(tracker.report()).toBeUndefined();
  });

  test('a Disposable holds what it registers, and goes with them; a forgotten one names its class', () => {
    const owner = new Owner();
    expect(tracker.leaks()).toEqual([expect.objectContaining({ disposable: owner, held: 3 })]);
    expect(tracker.report()).toContain('1. Owner (holding 3 more), created');
    owner.dispose();
    expect(tracker.leaks()).toEqual([]);
  });

  test('a MutableDisposable disposes the value it replaces and holds the current one', () => {
    const slot = new MutableDisposable();
    const first = toDisposable(() => {});
    slot.value = first;
    slot.value = toDisposable(() => {});
    expect(tracker.leaks()).toEqual([expect.objectContaining({ disposable: slot, held: 1 })]);
    slot.dispose();
    expect(tracker.liveCount()).toBe(0);
  });

  test('something added to a store that is already disposed is disposed at once', () => {
    const store = new DisposableStore();
    store.dispose();
    store.add(new Emitter<void>());
    expect(tracker.leaks()).toEqual([]);
  });

  test('a singleton and what it holds never leak', () => {
    const shared = markAsSingleton(new DisposableStore());
    shared.add(new Emitter<void>());
    expect(tracker.leaks()).toEqual([]);
    expect(tracker.liveCount()).toBe(0);
  });

  test('disposables made while no tracker is installed are not seen', () => {
    setDisposableTracker(null);
    const untracked = new Emitter<void>();
    untracked.event(() => {});
    setDisposableTracker(tracker);
    expect(tracker.leaks()).toEqual([]);
  });

  test('a long list is cut, saying how many more there are', () => {
    for (let i = 0; i < 12; i++) toDisposable(() => {});
    const report = tracker.report() ?? '';
    expect(report).toMatch(/^12 disposables were left undisposed/);
    expect(report).toContain('10. a disposable');
    expect(report).not.toContain('11. a disposable');
    expect(report).toContain('…and 2 more.');
  });
});

describe('ensureNoDisposablesAreLeaked', () => {
  const own = ensureNoDisposablesAreLeaked();

  test('passes a test that disposes everything it made', () => {
    const emitter = new Emitter<number>();
    emitter.event(() => {}).dispose();
    emitter.dispose();
  });

  test('passes a test whose leftovers went into the store it returns', () => {
    const emitter = own.add(new Emitter<number>());
    own.add(emitter.event(() => {}));
    own.add(new Owner());
  });

  test.fails('fails a test that forgets a subscription', () => {
    const emitter = own.add(new Emitter<number>());
    emitter.event(() => {});
  });

  test.fails('fails a test that forgets a store', () => {
    new DisposableStore();
  });
});
