import { join } from 'node:path';
import {
  type Logger,
  newestFirst,
  type Revision,
  summarize,
  type ThreadSummary,
  type UnreadableThread,
} from '@roundtable/core';
import { withFileLock } from '@roundtable/sidecar';
import {
  currentRevision,
  describeError,
  errorCode,
  LEGACY_TEMP_FILE,
  readThreadFile,
  SET_ASIDE_FILE,
  type StorageFs,
  syncFolder,
  THREAD_FILE,
  writeTempFile,
} from './threadFiles';
import {
  addUnreadable,
  checkInParts,
  INDEX_VERSION,
  parseIndexEnvelope,
  removeThread,
  type TellFirst,
  type ThreadIndexFile,
} from './threadIndex';
import { readWholeThread } from './threadState';

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

/** How many thread files a rebuild reads before it tells of the newest threads. */
const FIRST_FILES = 8;
/** What killed processes leave behind (temp files, lock drafts) is swept once it is this old. */
const LEFTOVER_AGE_MS = 60_000;

/**
 * The thread index on disk and everything that changes the threads folder's entries: reading the index (and
 * rebuilding it when it is missing, unreadable or stale), writing it, and setting unusable files aside. Every
 * rename into or out of the threads folder happens under this lock (`withLock`), followed by an index write in the
 * same critical section, which is what makes the index's stamp a reliable staleness test.
 */
export class ThreadIndexStore {
  private cachedIndex: { index: ThreadIndexFile; revision: Revision } | undefined;

  constructor(
    readonly folders: ThreadFolders,
    private readonly fs: StorageFs,
    private readonly logger: Logger,
    private readonly now: () => Date,
    /** Told of every thread file read while rebuilding, with its revision. */
    private readonly onThreadRead: (threadId: string, revision: Revision) => void,
  ) {}

  withLock<T>(fn: () => Promise<T>): Promise<T> {
    return withFileLock(join(this.folders.locks, 'index.lock'), fn);
  }

  /** The index, rebuilt first if it is missing, unreadable or stale. Call under the index lock. */
  read(): Promise<ThreadIndexFile> {
    return this.readInParts(() => {});
  }

  /**
   * Like `read`, and tells `first` of the newest threads as soon as they are known: after checking the first
   * entries of a good index, or after reading the most recently written thread files of one being rebuilt. So
   * what a window's first state waits for does not grow with the number of threads. Call under the index lock.
   */
  async readInParts(first: TellFirst): Promise<ThreadIndexFile> {
    const stamp = await this.folderStamp();
    const indexRevision = await currentRevision(this.fs, this.folders.index).catch(() => null);
    if (this.cachedIndex && indexRevision === this.cachedIndex.revision && this.cachedIndex.index.stamp === stamp) {
      first(this.cachedIndex.index, true);
      return this.cachedIndex.index;
    }
    let text: string | undefined;
    try {
      text = await this.fs.readFile(this.folders.index, 'utf8');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') this.logger.warn(`Could not read the thread index: ${describeError(error)}`);
    }
    const envelope = text === undefined ? undefined : parseIndexEnvelope(text);
    if (envelope && envelope.stamp === stamp) {
      const index = await checkInParts(envelope, first);
      if (index) {
        if (indexRevision) this.cachedIndex = { index, revision: indexRevision };
        return index;
      }
    }
    const why = text === undefined ? 'missing' : envelope?.stamp === stamp ? 'unreadable' : 'out of date';
    return this.rebuildIndex(why, first);
  }

  /**
   * Reads every thread file once and writes a fresh index, the most recently written files first; `first` hears
   * of the newest few before the rest are read. Call under the index lock.
   */
  private async rebuildIndex(why: string, first: TellFirst): Promise<ThreadIndexFile> {
    const started = Date.now();
    await this.fs.mkdir(this.folders.threads, { recursive: true });
    const threads: ThreadSummary[] = [];
    const unreadable: UnreadableThread[] = [];
    const indexOf = (): ThreadIndexFile => ({
      version: INDEX_VERSION,
      stamp: '',
      threads: [...threads].sort(newestFirst),
      unreadable: [...unreadable],
    });
    const names = await this.byNewestFile(await this.fs.readdir(this.folders.threads));
    for (const [i, name] of names.entries()) {
      if (i === FIRST_FILES) first(indexOf(), false);
      const found = await this.indexFile(name);
      if (found?.kind === 'thread') threads.push(found.summary);
      else if (found?.kind === 'unreadable') unreadable.push(found.entry);
    }
    const written = await this.write(indexOf());
    first(written, true);
    this.logger.info(
      `Rebuilt the thread index (${why}): ${threads.length} thread(s), ${unreadable.length} unreadable, in ${Date.now() - started} ms.`,
    );
    return written;
  }

  /** What one file in the threads folder adds to an index being rebuilt (nothing, for what is not a thread). */
  private async indexFile(
    name: string,
  ): Promise<{ kind: 'thread'; summary: ThreadSummary } | { kind: 'unreadable'; entry: UnreadableThread } | undefined> {
    if (LEGACY_TEMP_FILE.test(name)) {
      await this.fs.rm(this.pathOf(name), { force: true }); // an older build's interrupted write
      return undefined;
    }
    const aside = SET_ASIDE_FILE.exec(name);
    if (aside) {
      const file = await readThreadFile(this.fs, this.pathOf(name), aside[1] ?? '');
      const reason = file.kind === 'ok' || file.kind === 'missing' ? 'It was set aside as unreadable.' : file.reason;
      return { kind: 'unreadable', entry: { key: name, reason, setAside: true } };
    }
    const id = THREAD_FILE.exec(name)?.[1];
    if (!id) return undefined;
    // Whole: the base file with its journal's lines (what was saved since the base was written).
    const file = await readWholeThread(this.fs, this.pathOf(name), id);
    if (file.kind === 'ok') {
      this.onThreadRead(id, file.stored.revision);
      return { kind: 'thread', summary: summarize(file.stored.transcript) };
    }
    if (file.kind === 'invalid') {
      const entry = await this.setAside(name, file.reason, file.revision);
      return entry && { kind: 'unreadable', entry };
    }
    return file.kind === 'missing'
      ? undefined
      : { kind: 'unreadable', entry: { key: name, reason: file.reason, setAside: false } };
  }

  /**
   * Thread files, most recently written first (by name when the time ties or cannot be read). A thread was last
   * written when its base file or its journal was, whichever is later.
   */
  private async byNewestFile(names: string[]): Promise<string[]> {
    const times = await Promise.all(
      names.map((name) =>
        this.fs.stat(this.pathOf(name)).then(
          (s) => s.mtimeMs,
          () => 0,
        ),
      ),
    );
    const latest = new Map<string, number>();
    for (const [i, name] of names.entries()) {
      const base = name.endsWith('.journal') ? `${name.slice(0, -'.journal'.length)}.json` : name;
      latest.set(base, Math.max(latest.get(base) ?? 0, times[i] ?? 0));
    }
    return names
      .map((name) => ({ name, time: latest.get(name) ?? 0 }))
      .sort((a, b) => b.time - a.time || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((entry) => entry.name);
  }

  /** Writes the index stamped with the threads folder as it is now. Call under the index lock, after any rename. */
  async write(index: ThreadIndexFile): Promise<ThreadIndexFile> {
    const stamped = { ...index, stamp: await this.folderStamp() };
    // No fsync: the index is a cache. A write lost in a crash leaves a stale stamp, and a stale index is rebuilt.
    const temp = await writeTempFile(this.fs, this.folders.temp, 'index', JSON.stringify(stamped));
    await this.fs.rename(temp, this.folders.index);
    const revision = await currentRevision(this.fs, this.folders.index);
    this.cachedIndex = revision ? { index: stamped, revision } : undefined;
    return stamped;
  }

  /** Sets a thread's file aside and lists it as unreadable, in one step under the index lock. */
  setAsideAndIndex(threadId: string, reason: string, revision: Revision): Promise<UnreadableThread | undefined> {
    return this.withLock(async () => {
      const index = await this.read();
      const entry = await this.setAside(`${threadId}.json`, reason, revision);
      await this.write(entry ? addUnreadable(removeThread(index, threadId), entry) : index);
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
    const stamp = (this.now() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const movedTo = `${name.replace(/\.json$/, '')}.corrupt-${stamp}.json`;
    try {
      await this.fs.rename(path, this.pathOf(movedTo));
      await syncFolder(this.fs, this.folders.threads);
    } catch (error) {
      this.logger.error(
        `Thread file ${name} is unreadable (${reason}) and could not be set aside: ${describeError(error)}`,
      );
      return { key: name, reason, setAside: false };
    }
    this.logger.warn(`Thread file ${name} is unreadable and was renamed ${movedTo}: ${reason}`);
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

  /**
   * Removes what killed processes left behind: half-written temp files and lock drafts (both live milliseconds
   * in a running process). Best effort, off the activation path; what is younger than a minute is left alone.
   */
  async sweepLeftovers(): Promise<void> {
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

  pathOf(name: string): string {
    return join(this.folders.threads, name);
  }
}
