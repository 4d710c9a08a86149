import { Disposable, type IDisposable } from '../base/lifecycle';
import type { Transcript } from '../transcript/schema';
import type { LeaseOwner } from '../transcript/turnLease';
import type { DocumentChange } from './documentChange';
import type { LoadedThread, LoadedThreads } from './LoadedThreads';
import type { SaveScheduler } from './saveScheduler';
import { saveMerging } from './storedCopy';
import { endLease, heldElsewhere, interruptLease, newLease, nextStaleAt, renewLease, staleLeases } from './turnLeases';
import type { ThreadStoreDeps } from './types';

/** A moment past a lease going stale, so the check that wakes for it finds it stale. */
const STALE_CHECK_SLACK_MS = 250;

/** What the leases need of the store that holds the threads. */
export interface LeaseStore {
  readonly deps: Pick<ThreadStoreDeps, 'clock' | 'ids' | 'logger' | 'leaseOwner' | 'repository'>;
  readonly loaded: LoadedThreads;
  readonly saver: SaveScheduler;
  publish(threadId: string, entry: LoadedThread, changes: DocumentChange[], structural: boolean): void;
  /** Runs `work` while no other read or write of the thread's stored copy runs. */
  exclusive<T>(threadId: string, work: () => Promise<T>): Promise<T>;
  /** Takes another window's copy of a loaded thread in. */
  absorb(threadId: string, entry: LoadedThread, other: Transcript): void;
  /** Drops a thread that is gone. */
  forget(threadId: string, reason: string): void;
}

/**
 * The loaded threads' turn leases (the rules are in `turnLease.ts`), made with the first thread loaded: this window
 * takes, renews and ends its own, and ends another window's stale ones as interrupted whenever it reads a thread (a
 * load, another window's write merged in) and, while a thread stays loaded, when the next lease it holds would go
 * stale.
 *
 * Invariants:
 * - a lease is written with the thread (the next save after each change; a lease on a plan already in the thread is
 *   taken by a compare-and-write, `claim`), so what is on disk says which turns were running;
 * - at most one wake-up per loaded thread is armed, for the earliest moment another window's lease would go stale.
 */
export class ThreadLeases extends Disposable {
  private readonly staleChecks = new Map<string, { at: number; timer: IDisposable }>();
  /** This window, as its leases name it: the host's, or a random owner that can tell no process. */
  private readonly self: LeaseOwner;

  constructor(private readonly store: LeaseStore) {
    super();
    const { leaseOwner, ids } = store.deps;
    this.self = leaseOwner ?? { owner: ids.next(), pid: 0, host: '', alive: () => undefined };
    this._register({ dispose: () => this.disarmAll() });
  }

  /** Takes a lease on a plan this window just made (nobody else can hold it yet); it is written with the plan. */
  take(threadId: string, planId: string): string | undefined {
    const entry = this.store.loaded.get(threadId);
    if (!entry) return undefined;
    const token = this.store.deps.ids.next();
    entry.doc.setLeases((all) => [...all, newLease(planId, token, this.self, this.now())]);
    this.store.saver.schedule(threadId, 'normal');
    return token;
  }

  /**
   * Takes a lease on a plan already in the thread unless another window's live lease holds it, written at once by a
   * compare-and-write: of two windows taking it together only the first to write holds it. The token, `held`, or
   * undefined when the thread is not loaded; throws when the thread cannot be written.
   */
  async claim(threadId: string, planId: string): Promise<string | 'held' | undefined> {
    const token = this.store.deps.ids.next();
    const free = (entry: LoadedThread) => !heldElsewhere(entry.doc, planId, this.self, this.now());
    const outcome = await this.writeFirst(
      threadId,
      (entry) => {
        if (!free(entry)) return false;
        entry.doc.setLeases((all) => [...all, newLease(planId, token, this.self, this.now())]);
        return true;
      },
      free,
      (entry) => entry.doc.setLeases((all) => all.filter((l) => l.token !== token)),
    );
    return outcome === 'written' ? token : outcome === 'withdrawn' ? 'held' : undefined;
  }

  /**
   * Makes `change` on a loaded thread and writes it now, in one compare-and-write: if another window wrote first, its
   * copy is merged in and `stillHolds` asked; false withdraws the change (`undo`: nothing of it was written).
   */
  private writeFirst(
    threadId: string,
    change: (entry: LoadedThread) => boolean,
    stillHolds: (entry: LoadedThread) => boolean,
    undo: (entry: LoadedThread) => void,
  ): Promise<'written' | 'withdrawn' | 'gone'> {
    const { store } = this;
    return store.exclusive(threadId, async () => {
      const entry = store.loaded.get(threadId);
      if (!entry) return 'gone';
      if (!change(entry)) return 'withdrawn';
      const outcome = await saveMerging(
        store.deps.repository,
        entry,
        (other) => store.absorb(threadId, entry, other),
        () => stillHolds(entry),
      ).catch((error: unknown) => {
        undo(entry);
        throw error;
      });
      if (outcome === 'withdrawn') undo(entry);
      if (outcome === 'deleted') store.forget(threadId, 'It was deleted in another window.');
      return outcome === 'saved' ? 'written' : outcome === 'deleted' ? 'gone' : outcome;
    });
  }

  /** Renews this window's lease, with the text its replies streamed so far. False when the lease ended anywhere. */
  renew(threadId: string, token: string): boolean {
    const entry = this.store.loaded.get(threadId);
    if (!entry || !renewLease(entry.doc, token, this.now())) return false;
    this.store.saver.schedule(threadId, 'normal');
    return true;
  }

  /** Ends this window's lease: its turn ended, however it ended. */
  end(threadId: string, token: string): void {
    const entry = this.store.loaded.get(threadId);
    if (!entry) return;
    endLease(entry.doc, token, this.now());
    this.store.saver.schedule(threadId, 'normal');
  }

  /** Whether another window's live lease holds the plan now: its turn runs there. */
  heldElsewhere(threadId: string, planId: string): boolean {
    const entry = this.store.loaded.get(threadId);
    return entry !== undefined && heldElsewhere(entry.doc, planId, this.self, this.now());
  }

  /** Ends the stale leases another window left (their turns were cut off), and wakes again for the next one. */
  threadRead(threadId: string, entry: LoadedThread): void {
    const now = this.now();
    const stale = staleLeases(entry.doc, this.self, now);
    if (stale.length > 0) {
      const changes = stale.flatMap((lease) => interruptLease(entry.doc, lease.token, now));
      this.store.deps.logger.info(
        `Thread ${threadId}: ${stale.length} turn(s) cut off when the window running them stopped; ` +
          `${changes.length} reply(ies) marked cut off.`,
      );
      this.store.publish(threadId, entry, changes, true);
      this.store.saver.schedule(threadId, 'urgent');
    }
    this.armStaleCheck(threadId, entry);
  }

  /** The thread left memory: no wake-up for it. */
  forget(threadId: string): void {
    this.staleChecks.get(threadId)?.timer.dispose();
    this.staleChecks.delete(threadId);
  }

  private now(): Date {
    return this.store.deps.clock.now();
  }

  private armStaleCheck(threadId: string, entry: LoadedThread): void {
    const at = nextStaleAt(entry.doc, this.self);
    if (this.staleChecks.get(threadId)?.at === at) return;
    this.forget(threadId);
    if (at === undefined) return;
    const delay = Math.max(0, at - this.now().getTime()) + STALE_CHECK_SLACK_MS;
    const timer = this.store.deps.clock.setTimeout(() => {
      this.staleChecks.delete(threadId);
      const current = this.store.loaded.get(threadId);
      if (current) this.threadRead(threadId, current);
    }, delay);
    this.staleChecks.set(threadId, { at, timer });
  }

  private disarmAll(): void {
    for (const id of [...this.staleChecks.keys()]) this.forget(id);
  }
}
