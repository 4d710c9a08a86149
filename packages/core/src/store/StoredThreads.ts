import { errorMessage } from '../base/errors';
import type { ThreadSummary, Transcript } from '../transcript/schema';
import { UNTITLED_THREAD } from '../transcript/threadList';
import type { DocumentChange } from './documentChange';
import { KnownThreads } from './KnownThreads';
import { KeyedQueue } from './keyedQueue';
import { type LoadedThread, LoadedThreads } from './LoadedThreads';
import type { StoredThreadsChange } from './ports';
import type { SaveScheduler } from './saveScheduler';
import type { ThreadLeases } from './ThreadLeases';
import type { OpenResult, ThreadLease, ThreadStoreDeps } from './types';

/** A thread's code in memory, loaded with the first thread this window opens or creates (see `threadContents.ts`). */
const threadContents = () => import('./threadContents');

type LoadOutcome = { ok: true } | { ok: false; reason: string };

/**
 * The threads as stored and as loaded, which `ThreadStore` edits. It knows every stored thread by its summary (read
 * from the repository's index at start) and holds in memory only the threads someone has open (a view, a running
 * turn), so memory grows with open threads, not stored ones.
 *
 * Every change goes through here and comes out as one `ThreadChange`; views turn those into small patches. Writes
 * are scheduled per thread (`SaveScheduler`). A write that meets another window's write merges it
 * (`ThreadDocument.absorb`) and tries again; a change another window made (`onDidChangeStored`) is merged the same
 * way, so every window converges on the same transcript.
 *
 * Invariants:
 * - reads and writes of one thread's stored copy run one at a time (`io`), so the revision a save is based on
 *   is always the one last seen;
 * - a thread is dropped from memory only when no lease holds it and it has nothing left to write.
 */
export abstract class StoredThreads extends KnownThreads {
  protected readonly loaded: LoadedThreads;
  /** Reads and writes of one thread's stored copy, one at a time. */
  private readonly io = new KeyedQueue();
  /** Writes, scheduled per thread: made with the code of the first thread loaded (nothing is written before). */
  private saving: SaveScheduler | undefined;
  /**
   * The turns' leases of the loaded threads: their code loads once the first thread is in memory (not before it is
   * shown), and then takes every loaded thread in (`ThreadLeases.threadRead`).
   */
  protected leasing: ThreadLeases | undefined;
  private leasesLoading: Promise<ThreadLeases> | undefined;
  private storedChanges: Promise<void> = Promise.resolve();

  constructor(deps: ThreadStoreDeps) {
    super(deps);
    this.loaded = new LoadedThreads(
      async (id) => await this.saving?.flush(id),
      (id) => this.saving?.isPending(id) ?? false,
    );
    this._register(deps.repository.onDidChangeStored((change) => this.onStoredChange(change)));
  }

  /** The save scheduler. Invariant: it exists once a thread is in memory (see `contents`). */
  protected get saver(): SaveScheduler {
    if (!this.saving) throw new Error('No thread is loaded: there is nothing to save.');
    return this.saving;
  }

  /** The code of a thread in memory (loaded once); the first time, the save scheduler and the leases are made. */
  protected async contents(): Promise<Awaited<ReturnType<typeof threadContents>>> {
    const code = await threadContents();
    this.saving ??= this._register(
      new code.SaveScheduler(
        this.deps.clock,
        (id) => this.write(id),
        (id, error) => this.onWriteFailed(id, error),
        this.deps.timing ?? code.SAVE_TIMING,
      ),
    );
    const saver = this.saving;
    this.leasesLoading ??= import('./ThreadLeases').then(({ ThreadLeases }) => {
      const leases = this._register(
        new ThreadLeases({
          deps: this.deps,
          loaded: this.loaded,
          saver,
          publish: (...args) => this.publish(...args),
          exclusive: (id, work) => this.io.run(id, work),
          absorb: (...args) => this.absorb(...args),
          forget: (...args) => this.forget(...args),
        }),
      );
      if (this.isDisposed) return leases;
      this.leasing = leases;
      for (const [id, entry] of this.loaded) leases.threadRead(id, entry);
      return leases;
    });
    return code;
  }

  /** The turns' leases, once their code is loaded (a turn waits for it before it runs; nothing waits before). */
  async leasesReady(): Promise<ThreadLeases | undefined> {
    return this.leasesLoading;
  }

  /** The summary of a listed or loaded thread. */
  summary(threadId: string): ThreadSummary | undefined {
    return this.known.summary(threadId) ?? this.loaded.get(threadId)?.doc.summary();
  }

  /** What a view shows of a thread before it is loaded: the title and time it is listed with, or a new one's. */
  shellOf(threadId: string): { title: string; updatedAt: string } {
    return this.summary(threadId) ?? { title: UNTITLED_THREAD, updatedAt: this.deps.clock.now().toISOString() };
  }

  isLoaded(threadId: string): boolean {
    return this.loaded.has(threadId);
  }

  /** Loads a stored thread (or shares the loaded one) and holds it until the lease is disposed. */
  async open(threadId: string): Promise<OpenResult> {
    await this.initialize();
    if (!this.loaded.has(threadId)) {
      const unreadable = this.known.unreadable().find((u) => u.key === threadId);
      if (unreadable) return { ok: false, reason: `That thread cannot be read: ${unreadable.reason}` };
      if (!this.known.has(threadId)) await this.completed; // it may be in the part of the list still being read
      if (!this.known.has(threadId)) return { ok: false, reason: 'That thread no longer exists.' };
      const result = await this.io.run(threadId, () => this.load(threadId));
      if (!result.ok) return result;
    }
    return this.loaded.has(threadId)
      ? { ok: true, lease: this.loaded.lease(threadId) }
      : { ok: false, reason: 'That thread no longer exists.' };
  }

  /**
   * A new, empty thread in memory. It is written (and listed) once it has a message. `threadId`: one drawn earlier
   * (`newThreadId`), when a view shows the thread before its code is loaded.
   */
  async create(participants: readonly string[], threadId = this.newThreadId()): Promise<ThreadLease> {
    const { ThreadDocument } = await this.contents();
    if (!this.loaded.has(threadId)) {
      this.loaded.add(threadId, {
        doc: ThreadDocument.create(threadId, participants, this.deps.clock.now()),
        revision: null,
      });
    }
    return this.loaded.lease(threadId);
  }

  /** An id for a new thread (`create`). */
  newThreadId(): string {
    return this.deps.ids.next();
  }

  /** Another hold on a thread that is loaded now (a turn keeps its thread loaded while it runs). */
  retain(threadId: string): ThreadLease | undefined {
    return this.loaded.has(threadId) ? this.loaded.lease(threadId) : undefined;
  }

  /** Deletes a thread everywhere (its file too). Other windows see it go. */
  async deleteThread(threadId: string): Promise<void> {
    await this.io.run(threadId, () => this.deps.repository.delete(threadId));
    this.forget(threadId, 'It was deleted.');
  }

  /** Tries a failed write again now. */
  async retrySave(threadId: string): Promise<void> {
    if (!this.loaded.has(threadId)) return;
    this.saver.schedule(threadId, 'urgent');
    await this.saver.flush(threadId);
  }

  /** Writes everything pending now and resolves when it is written (deactivation, tests). */
  async flush(): Promise<void> {
    await this.saving?.flush();
    await this.deps.repository.flush?.();
  }

  /** Resolves once the changes reported so far by the repository have been merged (tests, two-window sync). */
  async settled(): Promise<void> {
    await this.storedChanges;
  }

  private async load(threadId: string): Promise<LoadOutcome> {
    if (this.loaded.has(threadId)) return { ok: true }; // a concurrent open loaded it first
    const result = await this.deps.repository.load(threadId);
    if (!result.ok) {
      if (result.kind === 'missing') {
        this.forget(threadId, 'It no longer exists.');
        return { ok: false, reason: 'That thread no longer exists.' };
      }
      this.forget(threadId, result.reason);
      await this.refreshList();
      return { ok: false, reason: `That thread cannot be read: ${result.reason}` };
    }
    const { ThreadDocument } = await this.contents();
    const doc = ThreadDocument.fromTranscript(result.transcript);
    const entry: LoadedThread = this.loaded.add(threadId, { doc, revision: result.revision });
    // The index may have been stale (the file was edited by hand): the thread itself is the truth.
    this.known.setSummary(threadId, doc.summary());
    this.leasing?.threadRead(threadId, entry);
    return { ok: true };
  }

  /** The scheduler's write: one thread, merging and retrying on conflicts. Throws on I/O errors (retried later). */
  private write(threadId: string): Promise<void> {
    return this.io.run(threadId, async () => {
      const entry = this.loaded.get(threadId);
      if (!entry) return;
      const { saveMerging } = await this.contents();
      const outcome = await saveMerging(this.deps.repository, entry, (other) => this.absorb(threadId, entry, other));
      if (outcome === 'deleted') this.forget(threadId, 'It was deleted in another window.');
      else this.known.setProblem(threadId, undefined);
    });
  }

  private onWriteFailed(threadId: string, error: unknown): void {
    const reason = errorMessage(error);
    this.deps.logger.error(`Could not save thread ${threadId}: ${reason}. It stays in memory and will be retried.`);
    this.known.setProblem(threadId, { threadId, reason });
  }

  private onStoredChange(change: StoredThreadsChange): void {
    this.storedChanges = this.storedChanges.then(async () => {
      try {
        const reload = new Set(change.threadIds.filter((id) => this.loaded.has(id)));
        if (change.listChanged) {
          for (const [id, entry] of this.loaded) if (entry.revision !== null) reload.add(id);
        }
        for (const id of reload) await this.io.run(id, () => this.reload(id));
        await this.refreshList();
      } catch (error) {
        this.deps.logger.error(`Could not take in a change made in another window: ${errorMessage(error)}`);
      }
    });
  }

  /** Merges what is stored now into a loaded thread. */
  private async reload(threadId: string): Promise<void> {
    const entry = this.loaded.get(threadId);
    if (!entry) return;
    const { reloadMerging } = await this.contents();
    const outcome = await reloadMerging(this.deps.repository, threadId, entry, (other) =>
      this.absorb(threadId, entry, other),
    );
    if (outcome === 'deleted') {
      this.forget(threadId, 'It was deleted in another window.');
    } else if (outcome === 'unreadable') {
      // The stored copy went bad (and was set aside); what is in memory is now the best copy: write it again.
      this.deps.logger.warn(`Thread ${threadId} on disk became unreadable; writing it again.`);
      this.saver.schedule(threadId, 'urgent');
    }
  }

  /** Re-reads the stored list: threads added, changed or removed elsewhere, and unreadable files. */
  private async refreshList(): Promise<void> {
    const list = await this.deps.repository.list();
    this.known.refresh(
      list,
      (id) => this.loaded.has(id),
      (id) => this.forget(id, 'It was deleted in another window.'),
    );
  }

  private absorb(threadId: string, entry: LoadedThread, other: Transcript): void {
    const { changes } = entry.doc.absorb(other);
    this.publish(threadId, entry, changes, true);
    this.leasing?.threadRead(threadId, entry);
  }

  protected publish(threadId: string, entry: LoadedThread, changes: DocumentChange[], structural: boolean): void {
    for (const change of changes) this.changeEmitter.fire({ ...change, threadId });
    if (structural && !entry.doc.isBlank) this.known.setSummary(threadId, entry.doc.summary());
  }

  /** Drops every trace of a thread that is gone (deleted, missing or unreadable) and says so. */
  private forget(threadId: string, reason: string): void {
    this.leasing?.forget(threadId);
    const wasLoaded = this.loaded.delete(threadId);
    const wasListed = this.known.remove(threadId);
    if (wasLoaded || wasListed) this.changeEmitter.fire({ kind: 'threadRemoved', threadId, reason });
  }
}
