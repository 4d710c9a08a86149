import { join } from 'node:path';
import {
  Emitter,
  type FirstStoredThreads,
  type LoadResult,
  type Logger,
  parseTranscript,
  type Revision,
  type SaveResult,
  type StoredThreadList,
  type StoredThreadsChange,
  summarize,
  type ThreadRepository,
  TRANSCRIPT_VERSION,
  type Transcript,
} from '@roundtable/core';
import { withFileLock } from '@roundtable/sidecar';
import { type ThreadFolders, ThreadIndexStore, threadFolders } from './ThreadIndexStore';
import {
  currentRevision,
  readThreadFile,
  realFs,
  SAFE_ID,
  SET_ASIDE_FILE,
  type StorageFs,
  syncFolder,
  THREAD_FILE,
  writeTempFile,
} from './threadFiles';
import { removeThread, type ThreadIndexFile, upsertThread } from './threadIndex';

export { type ThreadFolders, threadFolders } from './ThreadIndexStore';

export interface FileThreadRepositoryOptions {
  root: string;
  logger: Logger;
  now?: () => Date;
  fs?: StorageFs;
}

/**
 * Threads as files, shared by every VS Code window (each runs its own extension host over the same folder).
 *
 * - A save is compare-and-write under the thread's lock (`withFileLock`, between processes): if the file is not
 *   the revision the save was based on, nothing is written and the current copy comes back as a conflict.
 * - Every change to the threads folder (a rename into it, a removal, setting a file aside) happens under the index
 *   lock and updates the index in the same step; lock order is always thread, then index.
 * - Writes are atomic and durable: a fresh file, fsynced, renamed over the old one, then the folder fsynced. A
 *   crash leaves the old or the new thread, never a torn one, and a completed save survives the crash.
 * - A file that is not a thread is renamed `<name>.corrupt-<time>.json` (kept, never deleted, never read as a
 *   thread again) and listed as unreadable; one from a newer Roundtable, or a folder, is listed and left alone.
 *
 * `known` holds the revision of each thread as this process last read or wrote it; `findChanges` compares
 * against it to report other processes' writes (never this one's).
 */
export class FileThreadRepository implements ThreadRepository {
  private readonly changeEmitter = new Emitter<StoredThreadsChange>();
  readonly onDidChangeStored = this.changeEmitter.event;
  readonly folders: ThreadFolders;
  private readonly fs: StorageFs;
  private readonly known = new Map<string, Revision>();
  /**
   * The list as the store last heard it (from `list`, or from this process's own saves and deletions), by id.
   * `findChanges` compares the index against it, so a thread another window added or removed is reported even
   * when this process has rewritten the index since (its writes carry the other window's entries along).
   */
  private listed = new Map<string, string>();
  private listedUnreadable = '[]';
  private swept = false;
  private readonly index: ThreadIndexStore;

  constructor(options: FileThreadRepositoryOptions) {
    this.folders = threadFolders(options.root);
    this.fs = options.fs ?? realFs;
    this.index = new ThreadIndexStore(
      this.folders,
      this.fs,
      options.logger,
      options.now ?? (() => new Date()),
      (id, revision) => this.known.set(id, revision),
    );
  }

  async list(): Promise<StoredThreadList> {
    return this.remember(await this.index.withLock(() => this.index.read()));
  }

  /**
   * The newest threads as soon as they are known (the first entries of the index, or the most recently written
   * files when it has to be rebuilt), and the whole list in `rest` once it has been read and checked.
   */
  async listFirst(): Promise<FirstStoredThreads> {
    let tell: (first: { index: ThreadIndexFile; complete: boolean }) => void = () => {};
    const told = new Promise<{ index: ThreadIndexFile; complete: boolean }>((resolve) => (tell = resolve));
    const whole = this.index
      .withLock(() => this.index.readInParts((index, complete) => tell({ index, complete })))
      .then((index) => this.remember(index));
    const first = await Promise.race([told, whole.then(() => undefined)]);
    if (!first || first.complete) return whole;
    return { threads: first.index.threads, unreadable: first.index.unreadable, rest: whole };
  }

  /** Notes the list as the store will know it (see `listed`), and sweeps leftovers once per session. */
  private remember(index: ThreadIndexFile): StoredThreadList {
    this.listed = new Map(index.threads.map((t) => [t.id, JSON.stringify(t)]));
    this.listedUnreadable = JSON.stringify(index.unreadable);
    if (!this.swept) {
      this.swept = true;
      void this.index.sweepLeftovers();
    }
    return { threads: index.threads, unreadable: index.unreadable };
  }

  async load(threadId: string): Promise<LoadResult> {
    if (!SAFE_ID.test(threadId)) return { ok: false, kind: 'missing' };
    const name = `${threadId}.json`;
    const file = await readThreadFile(this.fs, this.pathOf(name), threadId);
    switch (file.kind) {
      case 'ok':
        this.known.set(threadId, file.revision);
        return { ok: true, transcript: file.transcript, revision: file.revision };
      case 'missing':
        this.known.delete(threadId);
        return { ok: false, kind: 'missing' };
      case 'invalid': {
        const setAside = await this.index.setAsideAndIndex(threadId, file.reason, file.revision);
        return { ok: false, kind: 'unreadable', reason: setAside ? file.reason : 'It changed while being read.' };
      }
      case 'newer':
      case 'unreadable':
        return { ok: false, kind: 'unreadable', reason: file.reason };
    }
  }

  async save(transcript: Transcript, base: Revision | null): Promise<SaveResult> {
    const id = transcript.id;
    if (!SAFE_ID.test(id)) throw new Error(`refusing to save a thread with an unsafe id "${id}"`);
    // Never write what could not be read back: a bug upstream must not turn into a file that gets set aside.
    const check = parseTranscript(transcript);
    if (!check.ok) throw new Error(check.error);
    if (transcript.version !== TRANSCRIPT_VERSION)
      throw new Error(`refusing to save thread format ${transcript.version}`);
    const name = `${id}.json`;
    const path = this.pathOf(name);
    return withFileLock(this.lockOf(id), async () => {
      const current = await currentRevision(this.fs, path);
      if (current === null && base !== null) return { ok: false, kind: 'deleted' };
      if (current !== null && current !== base) {
        const file = await readThreadFile(this.fs, path, id);
        if (file.kind === 'ok') {
          this.known.set(id, file.revision);
          return { ok: false, kind: 'conflict', current: file.transcript, revision: file.revision };
        }
        if (file.kind === 'newer') return { ok: false, kind: 'refused', reason: file.reason };
        if (file.kind === 'unreadable') throw new Error(`${name}: ${file.reason}`);
        // What is there is not a thread: keep it aside and write ours (this window's copy is the best there is).
        if (file.kind === 'invalid') await this.index.setAsideAndIndex(id, file.reason, file.revision);
      }
      const temp = await writeTempFile(this.fs, this.folders.temp, id, JSON.stringify(transcript));
      try {
        return await this.index.withLock(async () => {
          const index = await this.index.read();
          await this.fs.rename(temp, path);
          await syncFolder(this.fs, this.folders.threads);
          const revision = (await currentRevision(this.fs, path)) ?? '';
          const summary = summarize(transcript);
          await this.index.write(upsertThread(index, summary));
          this.known.set(id, revision);
          this.listed.set(id, JSON.stringify(summary));
          return { ok: true as const, revision };
        });
      } catch (error) {
        await this.fs.rm(temp, { force: true });
        throw error;
      }
    });
  }

  async delete(threadId: string): Promise<void> {
    if (!SAFE_ID.test(threadId)) return;
    await withFileLock(this.lockOf(threadId), () =>
      this.index.withLock(async () => {
        const index = await this.index.read();
        await this.fs.rm(this.pathOf(`${threadId}.json`), { force: true });
        await syncFolder(this.fs, this.folders.threads);
        await this.index.write(removeThread(index, threadId));
        this.known.delete(threadId);
        this.listed.delete(threadId);
      }),
    );
  }

  /**
   * Compares what is on disk with what this process last saw, and reports other processes' changes: threads whose
   * file changed or went away, and whether the list changed (threads added or removed, titles, files set aside).
   * `threadIds` narrows the file check to those threads (a watcher event); otherwise every known thread is checked.
   */
  async findChanges(threadIds?: readonly string[]): Promise<void> {
    const index = await this.index.withLock(() => this.index.read());
    const listChanged =
      index.threads.length !== this.listed.size ||
      index.threads.some((t) => this.listed.get(t.id) !== JSON.stringify(t)) ||
      JSON.stringify(index.unreadable) !== this.listedUnreadable;
    const changed: string[] = [];
    for (const id of threadIds ?? [...this.known.keys()]) {
      const known = this.known.get(id);
      if (known === undefined) continue; // never read here: only its list entry can matter, checked above
      let now: Revision | null;
      try {
        now = await currentRevision(this.fs, this.pathOf(`${id}.json`));
      } catch {
        now = null; // a folder in its place: gone, as far as the thread goes
      }
      if (now === known) continue;
      if (now === null) this.known.delete(id);
      else this.known.set(id, now);
      changed.push(id);
    }
    if (listChanged) {
      // Reported once: the store re-reads the list on this event.
      this.listed = new Map(index.threads.map((t) => [t.id, JSON.stringify(t)]));
      this.listedUnreadable = JSON.stringify(index.unreadable);
    }
    if (changed.length > 0 || listChanged) this.changeEmitter.fire({ threadIds: changed, listChanged });
  }

  /** The file behind a list entry (a thread id, or an unreadable file's name), for "Reveal"; undefined if unsafe. */
  locate(key: string): string | undefined {
    if (SAFE_ID.test(key)) return this.pathOf(`${key}.json`);
    if (THREAD_FILE.test(key) || SET_ASIDE_FILE.test(key)) return this.pathOf(key);
    return undefined;
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  private pathOf(name: string): string {
    return this.index.pathOf(name);
  }

  private lockOf(threadId: string): string {
    return join(this.folders.locks, `${threadId}.lock`);
  }
}
