import { join } from 'node:path';
import { Emitter } from '@roundtable/core/base/event';
import type { Logger } from '@roundtable/core/ports';
import type {
  FirstStoredThreads,
  LoadResult,
  Revision,
  SaveResult,
  StoredThreadList,
  StoredThreadsChange,
  ThreadRepository,
} from '@roundtable/core/store/ports';
import type { Transcript } from '@roundtable/core/transcript/schema';
import { withFileLock } from '@roundtable/sidecar/fs/fileLock';
import { ListedThreads } from './listedThreads';
import { type ThreadFolders, ThreadIndexStore, threadFolders } from './ThreadIndexStore';
import type { ThreadContents } from './threadContents';
import { realFs, SAFE_ID, SET_ASIDE_FILE, type StorageFs, syncFolder, THREAD_FILE } from './threadFiles';
import { removeThread, type ThreadIndexFile } from './threadIndex';
import { journalPathOf } from './threadJournal';
import { currentThreadRevision } from './threadRevision';

export { type ThreadFolders, threadFolders } from './ThreadIndexStore';

export interface FileThreadRepositoryOptions {
  root: string;
  logger: Logger;
  now?: () => Date;
  fs?: StorageFs;
  /** A journal with no new line for this long is folded into its base (default `COMPACT_WHEN_IDLE_MS`). */
  compactWhenIdleMs?: number;
}

/**
 * Threads as files, shared by every VS Code window (each runs its own extension host over the same folder).
 *
 * - A thread is its base file `<id>.json` and its journal `<id>.journal`, whose lines (one per save, what changed)
 *   are merged over the base when read (`readWholeThread`). A save appends one line, fsynced, so it costs what
 *   changed; the journal is folded into a fresh base in the background when it grows or the thread goes idle
 *   (`compactJournal`).
 * - A save is compare-and-write under the thread's lock (`withFileLock`, between processes): if the thread is not
 *   the revision the save was based on, nothing is written and the current copy comes back as a conflict.
 * - Every change to the threads folder's entries (a rename into it, a removal, a new journal, setting a file aside)
 *   happens under the index lock and updates the index in the same step; lock order is always thread, then index.
 * - Writes are atomic and durable: a line is fsynced before the save returns; a base file is a fresh file, fsynced,
 *   renamed over the old one, then the folder fsynced. A crash leaves the old or the new thread, never a torn one
 *   (a journal line cut short is ignored), and a completed save survives the crash.
 * - A file that is not a thread is renamed `<name>.corrupt-<time>.json` (kept, never deleted, never read as a
 *   thread again) and listed as unreadable; one from a newer Roundtable, or a folder, is listed and left alone. A
 *   journal line that cannot be used is left out and reported, and the journal kept as `<id>.corrupt-<time>.journal`.
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
  private readonly listed = new ListedThreads();
  private swept = false;
  private readonly index: ThreadIndexStore;
  /** Reading and writing threads, loaded with the first thread opened: a window's first state only lists them. */
  private loading: Promise<ThreadContents> | undefined;
  /** The same, once loaded (while undefined, no thread was read or written: nothing of theirs is pending). */
  private loaded: ThreadContents | undefined;
  private disposed = false;

  constructor(private readonly options: FileThreadRepositoryOptions) {
    this.folders = threadFolders(options.root);
    this.fs = options.fs ?? realFs;
    this.index = new ThreadIndexStore(this.folders, this.fs, options.logger, this.now, (id, revision) =>
      this.known.set(id, revision),
    );
  }

  private readonly now = () => this.options.now?.() ?? new Date();

  private contents(): Promise<ThreadContents> {
    this.loading ??= import('./threadContents').then((m) => {
      const { logger, compactWhenIdleMs } = this.options;
      const contents = new m.ThreadContents({
        fs: this.fs,
        index: this.index,
        known: this.known,
        listed: this.listed,
        logger,
        now: this.now,
        ...(compactWhenIdleMs === undefined ? {} : { compactWhenIdleMs }),
      });
      if (this.disposed) contents.dispose();
      this.loaded = contents;
      return contents;
    });
    return this.loading;
  }

  /** The index summaries put off after appends, written now (none before the first thread was written). */
  private async flushSummaries(): Promise<void> {
    await this.loaded?.summaries.flush();
  }

  async list(): Promise<StoredThreadList> {
    await this.flushSummaries();
    return this.remember(await this.index.withLock(() => this.index.read()));
  }

  /**
   * The newest threads as soon as they are known (the first entries of the index, or the most recently written
   * files when it has to be rebuilt), and the whole list in `rest` once it has been read and checked.
   */
  async listFirst(): Promise<FirstStoredThreads> {
    await this.flushSummaries();
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
    this.listed.remember(index);
    if (!this.swept) {
      this.swept = true;
      void this.index.sweepLeftovers();
    }
    return { threads: index.threads, unreadable: index.unreadable };
  }

  async load(threadId: string): Promise<LoadResult> {
    if (!SAFE_ID.test(threadId)) return { ok: false, kind: 'missing' };
    return (await this.contents()).load(threadId);
  }

  async save(transcript: Transcript, base: Revision | null): Promise<SaveResult> {
    return (await this.contents()).save(transcript, base);
  }

  async delete(threadId: string): Promise<void> {
    if (!SAFE_ID.test(threadId)) return;
    await withFileLock(this.lockOf(threadId), () =>
      this.index.withLock(async () => {
        const index = await this.index.read();
        const path = this.pathOf(`${threadId}.json`);
        // The base first: a journal without its base is never read, and is emptied before a thread of that id is
        // written again.
        await this.fs.rm(path, { force: true });
        await this.fs.rm(journalPathOf(path), { force: true });
        await syncFolder(this.fs, this.folders.threads);
        await this.index.write(removeThread(index, threadId));
        this.known.delete(threadId);
        this.loaded?.deleted(threadId);
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
    await this.flushSummaries(); // this process's own summaries are not another window's change
    const index = await this.index.withLock(() => this.index.read());
    const listChanged = this.listed.differsFrom(index);
    const changed: string[] = [];
    for (const id of threadIds ?? [...this.known.keys()]) {
      const known = this.known.get(id);
      if (known === undefined) continue; // never read here: only its list entry can matter, checked above
      let now: Revision | null;
      try {
        now = await currentThreadRevision(this.fs, this.pathOf(`${id}.json`));
      } catch {
        now = null; // a folder in its place: gone, as far as the thread goes
      }
      if (now === known) continue;
      if (now === null) this.known.delete(id);
      else this.known.set(id, now);
      changed.push(id);
    }
    if (listChanged) {
      this.listed.remember(index); // reported once: the store re-reads the list on this event
    }
    if (changed.length > 0 || listChanged) this.changeEmitter.fire({ threadIds: changed, listChanged });
  }

  /** The file behind a list entry (a thread id, or an unreadable file's name), for "Reveal"; undefined if unsafe. */
  locate(key: string): string | undefined {
    if (SAFE_ID.test(key)) return this.pathOf(`${key}.json`);
    if (THREAD_FILE.test(key) || SET_ASIDE_FILE.test(key)) return this.pathOf(key);
    return undefined;
  }

  /** Writes the index summaries put off after appends. */
  flush(): Promise<void> {
    return this.flushSummaries();
  }

  /** Folds a thread's journal into its base now (tests, benchmarks); compactions due meanwhile run first. */
  async compactNow(threadId: string): Promise<void> {
    await (await this.contents()).compactNow(threadId);
  }

  /** Resolves once the background work started so far (compactions, index summaries) is done (tests). */
  async settled(): Promise<void> {
    await (await this.loading)?.settled();
  }

  dispose(): void {
    this.disposed = true;
    this.loaded?.dispose();
    this.changeEmitter.dispose();
  }

  private pathOf(name: string): string {
    return this.index.pathOf(name);
  }

  private lockOf(threadId: string): string {
    return join(this.folders.locks, `${threadId}.lock`);
  }
}
