import { Emitter } from '../base/event';
import type { IDisposable } from '../base/lifecycle';
import type {
  LoadResult,
  Revision,
  SaveResult,
  StoredThreadList,
  StoredThreadsChange,
  ThreadRepository,
} from '../store/ports';
import { parseTranscript } from '../transcript/parseTranscript';
import type { Transcript } from '../transcript/schema';
import { summarize } from '../transcript/summary';

/**
 * Stored threads in memory, shared by any number of `MemoryThreadRepository`s: one storage folder seen by several
 * windows. Threads are kept as JSON text, so a test sees exactly what would reach disk.
 */
export class MemoryThreadStorage {
  readonly files = new Map<string, { text: string; revision: Revision }>();
  readonly repositories = new Set<MemoryThreadRepository>();
  private counter = 0;

  nextRevision(): Revision {
    this.counter += 1;
    return `r${this.counter}`;
  }

  /** Tells every repository but `writer` that a thread changed. */
  announce(writer: MemoryThreadRepository, change: StoredThreadsChange): void {
    for (const repository of this.repositories) if (repository !== writer) repository.receive(change);
  }
}

/**
 * The memory twin of the file repository, with the same contract: every save is checked with `parseTranscript`
 * (a test fails if the store ever tries to persist something invalid, like a streaming message), a save based
 * on an old revision is a conflict, and writes are announced to the other repositories of the same storage.
 * Announcements are delivered when `deliver()` is called, or at once with `autoDeliver`.
 */
export class MemoryThreadRepository implements ThreadRepository, IDisposable {
  private readonly changeEmitter = new Emitter<StoredThreadsChange>();
  readonly onDidChangeStored = this.changeEmitter.event;
  readonly saves: Transcript[] = [];
  /** Thread ids whose `load` was called, in order: lets a test prove what was read. */
  readonly loads: string[] = [];
  failNextSave: Error | undefined;
  private loadGate: Promise<void> | undefined;
  autoDeliver = true;
  private inbox: StoredThreadsChange[] = [];

  constructor(
    initial: unknown[] = [],
    readonly storage = new MemoryThreadStorage(),
  ) {
    storage.repositories.add(this);
    for (const t of initial) {
      const parsed = parseTranscript(t);
      if (!parsed.ok) throw new Error(parsed.error);
      storage.files.set(parsed.value.id, { text: JSON.stringify(parsed.value), revision: storage.nextRevision() });
    }
  }

  async list(): Promise<StoredThreadList> {
    const threads = [...this.storage.files.values()].map(({ text }) => summarize(JSON.parse(text) as Transcript));
    return { threads, unreadable: [] };
  }

  /** Loads wait until the returned function is called (a slow disk), then read what is stored by then. */
  holdLoads(): () => void {
    let release = () => {};
    this.loadGate = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  async load(threadId: string): Promise<LoadResult> {
    this.loads.push(threadId);
    await this.loadGate;
    const file = this.storage.files.get(threadId);
    if (!file) return { ok: false, kind: 'missing' };
    const parsed = parseTranscript(JSON.parse(file.text));
    if (!parsed.ok) return { ok: false, kind: 'unreadable', reason: parsed.error };
    return { ok: true, transcript: parsed.value, revision: file.revision };
  }

  async save(transcript: Transcript, base: Revision | null): Promise<SaveResult> {
    if (this.failNextSave) {
      const error = this.failNextSave;
      this.failNextSave = undefined;
      throw error;
    }
    const parsed = parseTranscript(transcript);
    if (!parsed.ok) throw new Error(`refusing to store an invalid thread: ${parsed.error}`);
    const current = this.storage.files.get(transcript.id);
    if (!current && base !== null) return { ok: false, kind: 'deleted' };
    if (current && current.revision !== base) {
      const stored = parseTranscript(JSON.parse(current.text));
      if (!stored.ok) throw new Error(stored.error);
      return { ok: false, kind: 'conflict', current: stored.value, revision: current.revision };
    }
    const revision = this.storage.nextRevision();
    this.storage.files.set(transcript.id, { text: JSON.stringify(transcript), revision });
    this.saves.push(structuredClone(transcript));
    this.storage.announce(this, { threadIds: [transcript.id], listChanged: !current });
    return { ok: true, revision };
  }

  async delete(threadId: string): Promise<void> {
    if (this.storage.files.delete(threadId)) this.storage.announce(this, { threadIds: [threadId], listChanged: true });
  }

  /** What is stored for a thread now, parsed. */
  stored(id: string): Transcript | undefined {
    const file = this.storage.files.get(id);
    return file === undefined ? undefined : (JSON.parse(file.text) as Transcript);
  }

  /** Hands queued announcements to the store (when `autoDeliver` is off). */
  deliver(): void {
    for (const change of this.inbox.splice(0)) this.changeEmitter.fire(change);
  }

  receive(change: StoredThreadsChange): void {
    if (this.autoDeliver) this.changeEmitter.fire(change);
    else this.inbox.push(change);
  }

  /** This window is closed: it hears no more announcements (the storage and its threads stay). */
  dispose(): void {
    this.storage.repositories.delete(this);
    this.changeEmitter.dispose();
  }
}
