import { Emitter, type Event } from '../base/event';
import { Disposable, type IDisposable } from '../base/lifecycle';
import type { Clock, IdGenerator, Logger } from '../ports';
import type { Message, ThreadSummary, Transcript } from '../transcript/schema';
import type { Revision, StoredThreadsChange, ThreadRepository, UnreadableThread } from './ports';
import { SAVE_TIMING, SaveScheduler, type SaveTiming, type SaveUrgency } from './saveScheduler';
import { type DocumentChange, type MessagePatch, ThreadDocument } from './ThreadDocument';

export interface ThreadStoreDeps {
  repository: ThreadRepository;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  timing?: SaveTiming;
}

/** A thread that could not be written: shown until a write succeeds. Nothing in memory is dropped meanwhile. */
export interface SaveProblem {
  threadId: string;
  reason: string;
}

/** Everything the store tells its listeners, one small change at a time. */
export type ThreadChange =
  | { kind: 'messageAdded'; threadId: string; message: Message; index: number }
  | { kind: 'messageChanged'; threadId: string; message: Message; patch: MessagePatch }
  | { kind: 'summaryChanged'; threadId: string; summary: ThreadSummary }
  | { kind: 'threadRemoved'; threadId: string; reason: string }
  | { kind: 'unreadableChanged'; unreadable: readonly UnreadableThread[] }
  | { kind: 'saveProblemChanged'; threadId: string; problem: SaveProblem | undefined };

/** Keeps a loaded thread in memory until disposed. */
export interface ThreadLease extends IDisposable {
  readonly threadId: string;
}

export type OpenResult = { ok: true; lease: ThreadLease } | { ok: false; reason: string };

/** A thread's messages and summary, for a full state. */
export interface ThreadSnapshot {
  summary: ThreadSummary;
  createdAt: string;
  messages: Message[];
}

interface Loaded {
  doc: ThreadDocument;
  /** What is stored, as last read or written; null until the thread is first written. */
  revision: Revision | null;
  leases: number;
}

type LoadOutcome = { ok: true } | { ok: false; reason: string };

const MAX_CONFLICT_ROUNDS = 8;

/**
 * Owns the threads. It knows every stored thread by its summary (read from the repository's index at start) and
 * holds in memory only the threads someone has open (a view, a running turn), so memory grows with open threads,
 * not stored ones.
 *
 * Every change goes through here and comes out as one `ThreadChange`; views turn those into small patches. Writes
 * are scheduled per thread (`SaveScheduler`). A write that meets another window's write merges it
 * (`ThreadDocument.absorb`) and tries again; a change another window made (`onDidChangeStored`) is merged the same
 * way, so every window converges on the same transcript.
 *
 * Invariants:
 * - reads and writes of one thread's stored copy run one at a time (`serial`), so the revision a save is based on
 *   is always the one last seen;
 * - a thread is dropped from memory only when no lease holds it and it has nothing left to write.
 */
export class ThreadStore extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<ThreadChange>((e) => this.logListenerError(e)));
  readonly onDidChange: Event<ThreadChange> = this.changeEmitter.event;

  private readonly loaded = new Map<string, Loaded>();
  private readonly loading = new Map<string, Promise<LoadOutcome>>();
  private readonly summaries = new Map<string, ThreadSummary>();
  private unreadableThreads: readonly UnreadableThread[] = [];
  private readonly problems = new Map<string, SaveProblem>();
  private readonly io = new Map<string, Promise<unknown>>();
  private readonly saver: SaveScheduler;
  private storedChanges: Promise<void> = Promise.resolve();
  private initialized: Promise<void> | undefined;

  constructor(private readonly deps: ThreadStoreDeps) {
    super();
    this.saver = this._register(
      new SaveScheduler(
        deps.clock,
        (id) => this.write(id),
        (id, error) => this.onWriteFailed(id, error),
        deps.timing ?? SAVE_TIMING,
      ),
    );
    this._register(deps.repository.onDidChangeStored((change) => this.onStoredChange(change)));
  }

  /** Reads the list of stored threads (once; later calls share it). A failure leaves the list empty, logged. */
  initialize(): Promise<void> {
    this.initialized ??= this.deps.repository.list().then(
      (list) => {
        for (const s of list.threads) this.summaries.set(s.id, s);
        this.unreadableThreads = list.unreadable;
        this.deps.logger.info(`Thread list: ${list.threads.length} thread(s), ${list.unreadable.length} unreadable.`);
      },
      (error: unknown) => this.deps.logger.error(`Could not read the thread list: ${describe(error)}`),
    );
    return this.initialized;
  }

  /** Threads with at least one message, newest first. */
  list(): ThreadSummary[] {
    return [...this.summaries.values()].sort(newestFirst);
  }

  unreadable(): readonly UnreadableThread[] {
    return this.unreadableThreads;
  }

  saveProblems(): SaveProblem[] {
    return [...this.problems.values()];
  }

  newestThreadId(): string | undefined {
    return this.list()[0]?.id;
  }

  /** The summary of a listed or loaded thread. */
  summary(threadId: string): ThreadSummary | undefined {
    return this.summaries.get(threadId) ?? this.loaded.get(threadId)?.doc.summary();
  }

  isLoaded(threadId: string): boolean {
    return this.loaded.has(threadId);
  }

  /** Loads a stored thread (or shares the loaded one) and holds it until the lease is disposed. */
  async open(threadId: string): Promise<OpenResult> {
    await this.initialize();
    if (this.loaded.has(threadId)) return { ok: true, lease: this.lease(threadId) };
    const unreadable = this.unreadableThreads.find((u) => u.key === threadId);
    if (unreadable) return { ok: false, reason: `That thread cannot be read: ${unreadable.reason}` };
    if (!this.summaries.has(threadId)) return { ok: false, reason: 'That thread no longer exists.' };
    let loading = this.loading.get(threadId);
    if (!loading) {
      loading = this.serial(threadId, () => this.load(threadId));
      this.loading.set(threadId, loading);
      void loading.finally(() => this.loading.delete(threadId));
    }
    const result = await loading;
    if (!result.ok) return result;
    return this.loaded.has(threadId)
      ? { ok: true, lease: this.lease(threadId) }
      : { ok: false, reason: 'That thread no longer exists.' };
  }

  /** A new, empty thread in memory. It is written (and listed) once it has a message. */
  create(participants: readonly string[]): ThreadLease {
    const doc = ThreadDocument.create(this.deps.ids.next(), participants, this.deps.clock.now());
    this.loaded.set(doc.id, { doc, revision: null, leases: 0 });
    return this.lease(doc.id);
  }

  /** Another hold on a thread that is loaded now (a turn keeps its thread loaded while it runs). */
  retain(threadId: string): ThreadLease | undefined {
    return this.loaded.has(threadId) ? this.lease(threadId) : undefined;
  }

  snapshot(threadId: string): ThreadSnapshot | undefined {
    const entry = this.loaded.get(threadId);
    if (!entry) return undefined;
    const t = entry.doc.toTranscript();
    return { summary: entry.doc.summary(), createdAt: t.createdAt, messages: t.messages };
  }

  /** The live transcript, streaming replies included (what prompts are built from). */
  transcript(threadId: string): Transcript | undefined {
    return this.loaded.get(threadId)?.doc.toTranscript();
  }

  message(threadId: string, messageId: string): Message | undefined {
    return this.loaded.get(threadId)?.doc.get(messageId);
  }

  lastMessage(threadId: string): Message | undefined {
    return this.loaded.get(threadId)?.doc.last();
  }

  /** Appends a message created now (it sorts last). Undefined when the thread is not loaded. */
  append(threadId: string, draft: Omit<Message, 'seq' | 'createdAt'>, urgency: SaveUrgency): Message | undefined {
    const entry = this.loaded.get(threadId);
    if (!entry) return undefined;
    const changes = entry.doc.append(draft, this.deps.clock.now());
    this.publish(threadId, entry, changes, true);
    this.saver.schedule(threadId, urgency);
    const added = changes[0];
    return added?.kind === 'messageAdded' ? added.message : undefined;
  }

  /** Streamed text for a `streaming` message. False when it is not streaming any more (ended, deleted, gone). */
  appendText(threadId: string, messageId: string, text: string): boolean {
    const entry = this.loaded.get(threadId);
    const changes = entry?.doc.appendText(messageId, text);
    if (!entry || !changes) return false;
    this.publish(threadId, entry, changes, false);
    return true;
  }

  /** Replaces one message by `change(m)`. Undefined when there is no such message. */
  update(
    threadId: string,
    messageId: string,
    change: (m: Message) => Message,
    urgency: SaveUrgency,
  ): Message | undefined {
    const entry = this.loaded.get(threadId);
    const changes = entry?.doc.update(messageId, change, this.deps.clock.now());
    if (!entry || !changes) return undefined;
    if (changes.length === 0) return entry.doc.get(messageId);
    this.publish(threadId, entry, changes, true);
    this.saver.schedule(threadId, urgency);
    return entry.doc.get(messageId);
  }

  /** Deletes a thread everywhere (its file too). Other windows see it go. */
  async deleteThread(threadId: string): Promise<void> {
    await this.serial(threadId, () => this.deps.repository.delete(threadId));
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
    await this.saver.flush();
  }

  /** Resolves once the changes reported so far by the repository have been merged (tests, two-window sync). */
  async settled(): Promise<void> {
    await this.storedChanges;
  }

  // ---- reading and writing ------------------------------------------------------------------------------------

  private async load(threadId: string): Promise<LoadOutcome> {
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
    const doc = ThreadDocument.fromTranscript(result.transcript);
    const entry: Loaded = { doc, revision: result.revision, leases: 0 };
    this.loaded.set(threadId, entry);
    // The index may have been stale (the file was edited by hand): the thread itself is the truth.
    this.setSummary(threadId, doc.summary());
    return { ok: true };
  }

  /** The scheduler's write: one thread, merging and retrying on conflicts. Throws on I/O errors (retried later). */
  private write(threadId: string): Promise<void> {
    return this.serial(threadId, async () => {
      for (let round = 0; round < MAX_CONFLICT_ROUNDS; round++) {
        const entry = this.loaded.get(threadId);
        if (!entry || (entry.doc.isBlank && entry.revision === null)) return;
        const result = await this.deps.repository.save(entry.doc.toPersistable(), entry.revision);
        if (result.ok) {
          entry.revision = result.revision;
          this.setProblem(threadId, undefined);
          return;
        }
        if (result.kind === 'deleted') {
          this.forget(threadId, 'It was deleted in another window.');
          return;
        }
        if (result.kind === 'refused') throw new Error(result.reason);
        this.absorb(threadId, entry, result.current);
        entry.revision = result.revision;
      }
      throw new Error('The thread kept changing on disk while it was being saved.');
    });
  }

  private onWriteFailed(threadId: string, error: unknown): void {
    const reason = describe(error);
    this.deps.logger.error(`Could not save thread ${threadId}: ${reason}. It stays in memory and will be retried.`);
    this.setProblem(threadId, { threadId, reason });
  }

  private onStoredChange(change: StoredThreadsChange): void {
    this.storedChanges = this.storedChanges.then(async () => {
      try {
        const reload = new Set(change.threadIds.filter((id) => this.loaded.has(id)));
        if (change.listChanged) {
          for (const [id, entry] of this.loaded) if (entry.revision !== null) reload.add(id);
        }
        for (const id of reload) await this.serial(id, () => this.reload(id));
        await this.refreshList();
      } catch (error) {
        this.deps.logger.error(`Could not take in a change made in another window: ${describe(error)}`);
      }
    });
  }

  /** Merges what is stored now into a loaded thread. */
  private async reload(threadId: string): Promise<void> {
    const entry = this.loaded.get(threadId);
    if (!entry) return;
    const result = await this.deps.repository.load(threadId);
    if (result.ok) {
      if (result.revision === entry.revision) return;
      this.absorb(threadId, entry, result.transcript);
      entry.revision = result.revision;
    } else if (result.kind === 'missing') {
      if (entry.revision !== null) this.forget(threadId, 'It was deleted in another window.');
    } else {
      // The stored copy went bad (and was set aside); what is in memory is now the best copy: write it again.
      this.deps.logger.warn(`Thread ${threadId} on disk became unreadable (${result.reason}); writing it again.`);
      entry.revision = null;
      this.saver.schedule(threadId, 'urgent');
    }
  }

  /** Re-reads the stored list: threads added, changed or removed elsewhere, and unreadable files. */
  private async refreshList(): Promise<void> {
    const list = await this.deps.repository.list();
    const stored = new Map(list.threads.map((s) => [s.id, s]));
    for (const id of [...this.summaries.keys()]) {
      if (!stored.has(id) && !this.loaded.has(id)) this.forget(id, 'It was deleted in another window.');
    }
    for (const [id, summary] of stored) {
      if (!this.loaded.has(id)) this.setSummary(id, summary);
    }
    if (JSON.stringify(list.unreadable) !== JSON.stringify(this.unreadableThreads)) {
      this.unreadableThreads = list.unreadable;
      this.changeEmitter.fire({ kind: 'unreadableChanged', unreadable: list.unreadable });
    }
  }

  // ---- bookkeeping --------------------------------------------------------------------------------------------

  private absorb(threadId: string, entry: Loaded, other: Transcript): void {
    const { changes } = entry.doc.absorb(other);
    this.publish(threadId, entry, changes, true);
  }

  private publish(threadId: string, entry: Loaded, changes: DocumentChange[], structural: boolean): void {
    for (const change of changes) this.changeEmitter.fire({ ...change, threadId });
    if (structural && !entry.doc.isBlank) this.setSummary(threadId, entry.doc.summary());
  }

  private setSummary(threadId: string, summary: ThreadSummary): void {
    const before = this.summaries.get(threadId);
    if (before && JSON.stringify(before) === JSON.stringify(summary)) return;
    this.summaries.set(threadId, summary);
    this.changeEmitter.fire({ kind: 'summaryChanged', threadId, summary });
  }

  private setProblem(threadId: string, problem: SaveProblem | undefined): void {
    const before = this.problems.get(threadId);
    if (!before && !problem) return;
    if (before && problem && before.reason === problem.reason) return;
    if (problem) this.problems.set(threadId, problem);
    else this.problems.delete(threadId);
    this.changeEmitter.fire({ kind: 'saveProblemChanged', threadId, problem });
  }

  /** Drops every trace of a thread that is gone (deleted, missing or unreadable) and says so. */
  private forget(threadId: string, reason: string): void {
    const known = this.loaded.delete(threadId) || this.summaries.has(threadId);
    this.summaries.delete(threadId);
    this.setProblem(threadId, undefined);
    if (known) this.changeEmitter.fire({ kind: 'threadRemoved', threadId, reason });
  }

  private lease(threadId: string): ThreadLease {
    const entry = this.loaded.get(threadId);
    if (!entry) throw new Error(`thread ${threadId} is not loaded`);
    entry.leases += 1;
    let released = false;
    return {
      threadId,
      dispose: () => {
        if (released) return;
        released = true;
        entry.leases -= 1;
        void this.evictWhenUnused(threadId, entry);
      },
    };
  }

  /** Unloads a thread nobody holds, once everything it has is written. A blank new thread is simply dropped. */
  private async evictWhenUnused(threadId: string, entry: Loaded): Promise<void> {
    if (entry.leases > 0) return;
    if (entry.doc.isBlank && entry.revision === null) {
      if (this.loaded.get(threadId) === entry) this.loaded.delete(threadId);
      return;
    }
    await this.saver.flush(threadId);
    if (entry.leases > 0 || this.saver.isPending(threadId) || this.loaded.get(threadId) !== entry) return;
    this.loaded.delete(threadId);
  }

  /** Runs `fn` after every earlier read or write of the same thread. */
  private serial<T>(threadId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.io.get(threadId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.io.set(threadId, tail);
    void tail.then(() => {
      if (this.io.get(threadId) === tail) this.io.delete(threadId);
    });
    return next;
  }

  private logListenerError(error: unknown): void {
    this.deps.logger.error(`A thread listener failed: ${describe(error)}`);
  }
}

function newestFirst(a: ThreadSummary, b: ThreadSummary): number {
  const d = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
