import { join } from 'node:path';
import type { IDisposable } from '@roundtable/core/base/lifecycle';
import type { Logger } from '@roundtable/core/ports';
import { journalEntry } from '@roundtable/core/store/journal';
import type { LoadResult, Revision, SaveResult } from '@roundtable/core/store/ports';
import { parseTranscript } from '@roundtable/core/transcript/parseTranscript';
import { TRANSCRIPT_VERSION, type Transcript } from '@roundtable/core/transcript/schema';
import { summarize } from '@roundtable/core/transcript/summary';
import { withFileLock } from '@roundtable/sidecar/fs/fileLock';
import type { JournalUpkeep } from './journalUpkeep';
import type { ListedThreads } from './listedThreads';
import { SummaryUpdates } from './summaryUpdates';
import type { ThreadIndexStore } from './ThreadIndexStore';
import { SAFE_ID, type StorageFs } from './threadFiles';
import { currentThreadRevision } from './threadRevision';
import { readWholeThread, type StoredThread, type WholeThreadRead } from './threadState';
import { ThreadStates } from './threadStates';
import type { ThreadWrites } from './threadWrites';

export interface ThreadContentsDeps {
  fs: StorageFs;
  index: ThreadIndexStore;
  /** The revision of each thread as this process last read or wrote it (the repository's). */
  known: Map<string, Revision>;
  /** The list as the store knows it (the repository's): a write updates its thread's summary there. */
  listed: ListedThreads;
  logger: Logger;
  now: () => Date;
  compactWhenIdleMs?: number;
}

/**
 * The threads' contents on disk, for `FileThreadRepository`: reading a thread whole (its base file with its journal
 * replayed), saving one (compare-and-write under its lock: a journal line with what changed, or a whole new base),
 * and what follows writes (journal compaction, the index's summaries). Loaded with the first thread a window opens:
 * a window's first state only lists the threads.
 */
export class ThreadContents implements IDisposable {
  private readonly states = new ThreadStates();
  readonly summaries: SummaryUpdates;
  /**
   * The journals' upkeep (compaction, keeping a bad journal aside), loaded with the first write, or the first read of a
   * journal with a bad line: showing a thread needs none of it.
   */
  private upkeeping: Promise<JournalUpkeep> | undefined;
  private disposed = false;
  /** The code that writes a thread, loaded by the first write: opening a thread only reads. */
  private writing: Promise<ThreadWrites> | undefined;

  constructor(private readonly deps: ThreadContentsDeps) {
    this.summaries = new SummaryUpdates(deps.fs, deps.index, deps.logger);
  }

  private upkeep(): Promise<JournalUpkeep> {
    const { deps } = this;
    this.upkeeping ??= import('./journalUpkeep').then(({ JournalUpkeep }) => {
      const upkeep = new JournalUpkeep({
        fs: deps.fs,
        index: deps.index,
        states: this.states,
        known: deps.known,
        logger: deps.logger,
        now: deps.now,
        ...(deps.compactWhenIdleMs === undefined ? {} : { compactWhenIdleMs: deps.compactWhenIdleMs }),
      });
      if (this.disposed) upkeep.dispose();
      return upkeep;
    });
    return this.upkeeping;
  }

  private writes(): Promise<ThreadWrites> {
    const { fs, index } = this.deps;
    // The upkeep follows writes: it loads beside the code that writes, not after the first write.
    void this.upkeep();
    this.writing ??= import('./threadWrites').then((m) => new m.ThreadWrites(fs, index, this.summaries));
    return this.writing;
  }

  async load(threadId: string): Promise<LoadResult> {
    const file = await this.read(threadId);
    switch (file.kind) {
      case 'ok':
        return { ok: true, transcript: file.stored.transcript, revision: file.stored.revision };
      case 'missing':
        this.deps.known.delete(threadId);
        this.states.delete(threadId);
        return { ok: false, kind: 'missing' };
      case 'invalid': {
        const setAside = await this.deps.index.setAsideAndIndex(threadId, file.reason, file.revision);
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
    if (transcript.version !== TRANSCRIPT_VERSION)
      throw new Error(`refusing to save thread format ${transcript.version}`);
    const path = this.deps.index.pathOf(`${id}.json`);
    return withFileLock(join(this.deps.index.folders.locks, `${id}.lock`), async () => {
      const current = await currentThreadRevision(this.deps.fs, path);
      if (current === null && base !== null) return { ok: false, kind: 'deleted' };
      const expected = base !== null && current !== null ? this.states.resolve(id, base, current) : base;
      if (current !== null && current !== expected) {
        const file = await this.read(id);
        if (file.kind === 'ok') {
          return { ok: false, kind: 'conflict', current: file.stored.transcript, revision: file.stored.revision };
        }
        if (file.kind === 'newer') return { ok: false, kind: 'refused', reason: file.reason };
        if (file.kind === 'unreadable') throw new Error(`${id}.json: ${file.reason}`);
        // What is there is not a thread: keep it aside and write ours (this window's copy is the best there is).
        if (file.kind === 'invalid') await this.deps.index.setAsideAndIndex(id, file.reason, file.revision);
      }
      const stored = this.states.get(id);
      if (current !== null && stored?.revision === current) {
        // What is stored is known: append what changed.
        const entry = journalEntry(stored.transcript, transcript);
        if (!entry) return { ok: true, revision: current };
        const next = await (await this.writes()).append(stored, entry, transcript, this.deps.listed.summaryOf(id));
        this.wrote(id, next);
        (await this.upkeep()).appended(id, next);
        return { ok: true, revision: next.revision };
      }
      // Never write what could not be read back: a bug upstream must not turn into a file that gets set aside.
      const check = parseTranscript(transcript);
      if (!check.ok) throw new Error(check.error);
      this.wrote(id, await (await this.writes()).whole(transcript, current === null));
      return { ok: true, revision: this.deps.known.get(id) ?? '' };
    });
  }

  /** A thread was deleted (under its lock and the index's): nothing of it is kept or written any more. */
  deleted(threadId: string): void {
    this.states.delete(threadId);
    this.summaries.drop(threadId);
  }

  /** Folds a thread's journal into its base now (tests, benchmarks); compactions due meanwhile run first. */
  compactNow(threadId: string): Promise<void> {
    return this.upkeep().then((upkeep) => upkeep.compactNow(threadId));
  }

  /** Resolves once the background work started so far (compactions, index summaries) is done. */
  async settled(): Promise<void> {
    await (await this.upkeeping)?.settled();
    await this.summaries.flush();
  }

  dispose(): void {
    this.disposed = true;
    void this.upkeeping?.then((upkeep) => upkeep.dispose());
    this.summaries.dispose();
  }

  /** Reads a thread whole (only the journal's new lines when its base is the one last seen) and remembers it. */
  private async read(threadId: string): Promise<WholeThreadRead> {
    const path = this.deps.index.pathOf(`${threadId}.json`);
    const file = await readWholeThread(this.deps.fs, path, threadId, this.states.get(threadId));
    if (file.kind !== 'ok') return file;
    this.deps.known.set(threadId, file.stored.revision);
    this.states.set(threadId, file.stored);
    if (file.rejected.length > 0) await (await this.upkeep()).rejected(threadId, file.stored, file.rejected);
    return file;
  }

  private wrote(threadId: string, stored: StoredThread): void {
    this.deps.known.set(threadId, stored.revision);
    this.states.set(threadId, stored);
    this.deps.listed.set(summarize(stored.transcript));
  }
}
