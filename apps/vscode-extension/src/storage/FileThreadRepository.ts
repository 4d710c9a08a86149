import { join } from 'node:path';
import {
  Emitter,
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
  type UnreadableThread,
} from '@roundtable/core';
import { withFileLock } from './fileLock';
import {
  currentRevision,
  describeError,
  errorCode,
  LEGACY_TEMP_FILE,
  readThreadFile,
  realFs,
  SAFE_ID,
  SET_ASIDE_FILE,
  type StorageFs,
  syncFolder,
  THREAD_FILE,
  writeTempFile,
} from './threadFiles';
import {
  addUnreadable,
  INDEX_VERSION,
  parseThreadIndex,
  removeThread,
  type ThreadIndexFile,
  upsertThread,
} from './threadIndex';

/** Where everything lives under the extension's global storage folder. */
export interface ThreadFolders {
  /** One compact JSON file per thread, `<id>.json`; unreadable ones set aside as `<id>.corrupt-<time>.json`. */
  threads: string;
  index: string;
  /** Files being written, renamed into `threads` when complete (same filesystem, so the rename is atomic). */
  temp: string;
  locks: string;
}

export function threadFolders(root: string): ThreadFolders {
  return {
    threads: join(root, 'threads'),
    index: join(root, 'thread-index.json'),
    temp: join(root, '.roundtable-tmp'),
    locks: join(root, '.roundtable-locks'),
  };
}

const LEFTOVER_AGE_MS = 60_000;

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
  private cachedIndex: { index: ThreadIndexFile; revision: Revision } | undefined;

  constructor(private readonly options: FileThreadRepositoryOptions) {
    this.folders = threadFolders(options.root);
    this.fs = options.fs ?? realFs;
  }

  async list(): Promise<StoredThreadList> {
    const index = await this.withIndexLock(() => this.readIndex());
    this.listed = new Map(index.threads.map((t) => [t.id, JSON.stringify(t)]));
    this.listedUnreadable = JSON.stringify(index.unreadable);
    if (!this.swept) {
      this.swept = true;
      void this.sweepLeftovers();
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
        const setAside = await this.setAsideAndIndex(threadId, file.reason, file.revision);
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
        if (file.kind === 'invalid') await this.setAsideAndIndex(id, file.reason, file.revision);
      }
      const temp = await writeTempFile(this.fs, this.folders.temp, id, JSON.stringify(transcript));
      try {
        return await this.withIndexLock(async () => {
          const index = await this.readIndex();
          await this.fs.rename(temp, path);
          await syncFolder(this.fs, this.folders.threads);
          const revision = (await currentRevision(this.fs, path)) ?? '';
          const summary = summarize(transcript);
          await this.writeIndex(upsertThread(index, summary));
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
      this.withIndexLock(async () => {
        const index = await this.readIndex();
        await this.fs.rm(this.pathOf(`${threadId}.json`), { force: true });
        await syncFolder(this.fs, this.folders.threads);
        await this.writeIndex(removeThread(index, threadId));
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
    const index = await this.withIndexLock(() => this.readIndex());
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

  /**
   * Removes what killed processes left behind: half-written temp files and lock drafts (both live milliseconds
   * in a running process). Best effort, off the activation path; what is younger than a minute is left alone.
   */
  private async sweepLeftovers(): Promise<void> {
    const cutoff = Date.now() - LEFTOVER_AGE_MS;
    for (const dir of [this.folders.temp, this.folders.locks]) {
      let names: string[];
      try {
        names = await this.fs.readdir(dir);
      } catch {
        continue;
      }
      for (const name of names.filter((n) => n.endsWith('.tmp'))) {
        const path = join(dir, name);
        try {
          if ((await this.fs.stat(path)).mtimeMs < cutoff) await this.fs.rm(path, { force: true });
        } catch {
          // Gone meanwhile, or in use: the next sweep will see it.
        }
      }
    }
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

  // ---- the index --------------------------------------------------------------------------------------------

  private withIndexLock<T>(fn: () => Promise<T>): Promise<T> {
    return withFileLock(join(this.folders.locks, 'index.lock'), fn);
  }

  /** The index, rebuilt first if it is missing, unreadable or stale. Call under the index lock. */
  private async readIndex(): Promise<ThreadIndexFile> {
    const stamp = await this.folderStamp();
    const indexRevision = await currentRevision(this.fs, this.folders.index).catch(() => null);
    if (this.cachedIndex && indexRevision === this.cachedIndex.revision && this.cachedIndex.index.stamp === stamp) {
      return this.cachedIndex.index;
    }
    let text: string | undefined;
    try {
      text = await this.fs.readFile(this.folders.index, 'utf8');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT')
        this.options.logger.warn(`Could not read the thread index: ${describeError(error)}`);
    }
    const index = text === undefined ? undefined : parseThreadIndex(text);
    if (index && index.stamp === stamp) {
      if (indexRevision) this.cachedIndex = { index, revision: indexRevision };
      return index;
    }
    const why = text === undefined ? 'missing' : index ? 'out of date' : 'unreadable';
    return this.rebuildIndex(why);
  }

  /** Reads every thread file once and writes a fresh index. Call under the index lock. */
  private async rebuildIndex(why: string): Promise<ThreadIndexFile> {
    const started = Date.now();
    await this.fs.mkdir(this.folders.threads, { recursive: true });
    let index: ThreadIndexFile = { version: INDEX_VERSION, stamp: '', threads: [], unreadable: [] };
    for (const name of (await this.fs.readdir(this.folders.threads)).sort()) {
      if (LEGACY_TEMP_FILE.test(name)) {
        await this.fs.rm(this.pathOf(name), { force: true }); // an older build's interrupted write
        continue;
      }
      const aside = SET_ASIDE_FILE.exec(name);
      if (aside) {
        const file = await readThreadFile(this.fs, this.pathOf(name), aside[1] ?? '');
        const reason = file.kind === 'ok' || file.kind === 'missing' ? 'It was set aside as unreadable.' : file.reason;
        index = addUnreadable(index, { key: name, reason, setAside: true });
        continue;
      }
      const id = THREAD_FILE.exec(name)?.[1];
      if (!id) continue;
      const file = await readThreadFile(this.fs, this.pathOf(name), id);
      if (file.kind === 'ok') {
        this.known.set(id, file.revision);
        index = upsertThread(index, summarize(file.transcript));
      } else if (file.kind === 'invalid') {
        const entry = await this.setAside(name, file.reason, file.revision);
        if (entry) index = addUnreadable(index, entry);
      } else if (file.kind !== 'missing') {
        index = addUnreadable(index, { key: name, reason: file.reason, setAside: false });
      }
    }
    const written = await this.writeIndex(index);
    this.options.logger.info(
      `Rebuilt the thread index (${why}): ${index.threads.length} thread(s), ${index.unreadable.length} unreadable, in ${Date.now() - started} ms.`,
    );
    return written;
  }

  /** Writes the index stamped with the threads folder as it is now. Call under the index lock, after any rename. */
  private async writeIndex(index: ThreadIndexFile): Promise<ThreadIndexFile> {
    const stamped = { ...index, stamp: await this.folderStamp() };
    // No fsync: the index is a cache. A write lost in a crash leaves a stale stamp, and a stale index is rebuilt.
    const temp = await writeTempFile(this.fs, this.folders.temp, 'index', JSON.stringify(stamped));
    await this.fs.rename(temp, this.folders.index);
    const revision = await currentRevision(this.fs, this.folders.index);
    this.cachedIndex = revision ? { index: stamped, revision } : undefined;
    return stamped;
  }

  /** Sets a thread's file aside and lists it as unreadable, in one step under the index lock. */
  private setAsideAndIndex(
    threadId: string,
    reason: string,
    revision: Revision,
  ): Promise<UnreadableThread | undefined> {
    return this.withIndexLock(async () => {
      const index = await this.readIndex();
      const entry = await this.setAside(`${threadId}.json`, reason, revision);
      await this.writeIndex(entry ? addUnreadable(removeThread(index, threadId), entry) : index);
      return entry;
    });
  }

  /**
   * Renames an unusable thread file aside, if it is still the revision that was found unusable (another process
   * may have replaced it with a good one meanwhile). Call under the index lock.
   */
  private async setAside(name: string, reason: string, revision: Revision): Promise<UnreadableThread | undefined> {
    const path = this.pathOf(name);
    if ((await currentRevision(this.fs, path).catch(() => null)) !== revision) return undefined;
    const stamp = (this.options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const movedTo = `${name.replace(/\.json$/, '')}.corrupt-${stamp}.json`;
    try {
      await this.fs.rename(path, this.pathOf(movedTo));
      await syncFolder(this.fs, this.folders.threads);
    } catch (error) {
      this.options.logger.error(
        `Thread file ${name} is unreadable (${reason}) and could not be set aside: ${describeError(error)}`,
      );
      return { key: name, reason, setAside: false };
    }
    this.options.logger.warn(`Thread file ${name} is unreadable and was renamed ${movedTo}: ${reason}`);
    return { key: movedTo, reason, setAside: true };
  }

  private async folderStamp(): Promise<string> {
    try {
      return String((await this.fs.stat(this.folders.threads, { bigint: true })).mtimeNs);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      await this.fs.mkdir(this.folders.threads, { recursive: true });
      return String((await this.fs.stat(this.folders.threads, { bigint: true })).mtimeNs);
    }
  }

  private pathOf(name: string): string {
    return join(this.folders.threads, name);
  }

  private lockOf(threadId: string): string {
    return join(this.folders.locks, `${threadId}.lock`);
  }
}
