import { journalLine, parseJournalLine } from '@roundtable/core/store/journal';
import type { Transcript } from '@roundtable/core/transcript/schema';
import { summarize } from '@roundtable/core/transcript/summary';
import type { SummaryUpdates } from './summaryUpdates';
import type { ThreadIndexStore } from './ThreadIndexStore';
import { currentRevision, type StorageFs, syncFolder, writeTempFile } from './threadFiles';
import { upsertThread } from './threadIndex';
import { appendJournalLines, createJournal, emptyJournal, journalPathOf } from './threadJournal';
import { threadRevisionOf } from './threadRevision';
import type { StoredThread } from './threadState';

/**
 * The two ways a thread reaches disk, both called under the thread's lock:
 * - `whole`: a fresh base file, fsynced and renamed over the old one, and the journal emptied (its lines are all in
 *   the new base). Costs the whole thread: for a thread's first write, and when there is nothing to diff against.
 * - `append`: one journal line with what changed, fsynced. Costs what changed.
 * Both update the index in the same step as any change to the threads folder's entries (lock order: thread, then
 * index), as `ThreadIndexStore` requires; an append that changes no entry leaves the summary to `SummaryUpdates`,
 * so its one fsync is the journal's.
 */
export class ThreadWrites {
  constructor(
    private readonly fs: StorageFs,
    private readonly index: ThreadIndexStore,
    private readonly summaries: SummaryUpdates,
  ) {}

  /**
   * Writes `transcript` whole, with an empty journal beside it (made now if there was none, so the next save only
   * appends). `isNew`: nothing was stored, so a journal left behind belongs to nobody.
   */
  async whole(transcript: Transcript, isNew: boolean): Promise<StoredThread> {
    const path = this.index.pathOf(`${transcript.id}.json`);
    const journalPath = journalPathOf(path);
    const text = JSON.stringify(transcript);
    const temp = await writeTempFile(this.fs, this.index.folders.temp, transcript.id, text);
    try {
      return await this.index.withLock(async () => {
        const index = await this.index.read();
        // A thread's journal is emptied only once its lines are in a base file on disk: after the rename. A journal
        // left by a deleted thread of the same id must go first, or a crash after the rename would revive it.
        if (isNew) await emptyJournal(this.fs, journalPath);
        await this.fs.rename(temp, path);
        const journal = await emptyJournal(this.fs, journalPath);
        await syncFolder(this.fs, this.index.folders.threads);
        const base = (await currentRevision(this.fs, path)) ?? '';
        await this.index.write(upsertThread(index, summarize(transcript)));
        this.summaries.drop(transcript.id);
        const baseSize = Buffer.byteLength(text);
        return { transcript, revision: threadRevisionOf(base, journal), base, baseSize, journal, journalEnd: 0 };
      });
    } catch (error) {
      await this.fs.rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Appends `entry` (what changed from `stored` to `transcript`) to the journal. `listed` is the summary the index
   * holds (JSON), so the index is written only when the summary changed.
   */
  async append(
    stored: StoredThread,
    entry: Transcript,
    transcript: Transcript,
    listed?: string,
  ): Promise<StoredThread> {
    const line = journalLine(entry);
    // Never write what could not be read back.
    const check = parseJournalLine(line.slice(0, -1), transcript.id);
    if (!check.ok) throw new Error(`refusing to write a journal entry that cannot be read back: ${check.reason}`);
    const path = this.index.pathOf(`${transcript.id}.json`);
    const journalPath = journalPathOf(path);
    const summary = summarize(transcript);
    let journal: string;
    if (stored.journal === null) {
      // The journal is a new entry in the threads folder: made under the index lock, with the index written after.
      journal = await this.index.withLock(async () => {
        const index = await this.index.read();
        const created = await createJournal(this.fs, journalPath, line);
        await syncFolder(this.fs, this.index.folders.threads);
        await this.index.write(upsertThread(index, summary));
        this.summaries.drop(transcript.id);
        return created;
      });
    } else {
      journal = await appendJournalLines(this.fs, journalPath, stored.journalEnd, line);
      if (JSON.stringify(summary) !== listed) this.summaries.set(summary);
    }
    return {
      transcript,
      revision: threadRevisionOf(stored.base, journal),
      base: stored.base,
      baseSize: stored.baseSize,
      journal,
      journalEnd: stored.journalEnd + Buffer.byteLength(line),
    };
  }
}
