import { join } from 'node:path';
import type { Logger } from '@roundtable/core/ports';
import type { Revision, UnreadableThread } from '@roundtable/core/store/ports';
import { withFileLock } from '@roundtable/sidecar/fs/fileLock';
import { currentRevision, describeError, errorCode, type StorageFs, syncFolder, writeTempFile } from './threadFiles';
import {
  addUnreadable,
  checkInParts,
  parseIndexEnvelope,
  removeThread,
  type TellFirst,
  type ThreadIndexFile,
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
    readonly fs: StorageFs,
    readonly logger: Logger,
    private readonly now: () => Date,
    /** Told of every thread file read while rebuilding, with its revision. */
    readonly onThreadRead: (threadId: string, revision: Revision) => void,
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
    // The rebuild's code loads only when one is due: a window whose index is sound never parses it.
    const { rebuildIndex } = await import('./rebuildIndex');
    return rebuildIndex(this, why, first);
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
  async setAside(name: string, reason: string, revision: Revision): Promise<UnreadableThread | undefined> {
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
