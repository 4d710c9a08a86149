import { parseJournalLine, replayJournal } from '@roundtable/core/store/journal';
import type { Revision } from '@roundtable/core/store/ports';
import type { Transcript } from '@roundtable/core/transcript/schema';
import { readThreadFile, type ThreadFileRead } from './readThreadFile';
import { currentRevision, type StorageFs } from './threadFiles';
import { journalPathOf, readJournalLines } from './threadJournal';
import { threadRevisionOf } from './threadRevision';

/**
 * A thread as stored: its base file with its journal replayed, and where that stands on disk. `revision` names
 * both files, so a write to either (a save appending a line, a compaction renaming a fresh base) changes it.
 */
export interface StoredThread {
  transcript: Transcript;
  revision: Revision;
  /** The base file's own revision: while it is unchanged, the journal has only grown. */
  base: Revision;
  baseSize: number;
  /** The journal's revision, null when there is none yet. */
  journal: string | null;
  /** The byte past the journal's last complete line. */
  journalEnd: number;
}

/** A journal line left out, for the log: which line (from 1, within what was read) and why. */
export interface RejectedLine {
  line: number;
  reason: string;
}

export type WholeThreadRead =
  | { kind: 'ok'; stored: StoredThread; rejected: RejectedLine[] }
  | Exclude<ThreadFileRead, { kind: 'ok' }>;

/** How many times a read starts again because the base file was replaced while it read (a compaction). */
const READ_ATTEMPTS = 5;

/**
 * Reads a thread whole: its base file, then its journal replayed over it. With `known` (what was read or written
 * before), while the base file is still the same only the journal's new lines are read.
 *
 * Another process may compact the thread while this reads: a fresh base renamed into place, then the journal
 * emptied. Read between the two, the old base with the emptied journal would lack the lines the fresh base took in.
 * So a read checks, once it has the journal, that the base it read is still the one in place, and starts again if
 * not. Should compactions keep coming (they do not: one folds a thread at a time), the last read is returned: an
 * older state under a revision that is no longer current, never a newer revision with less in it, since the base's
 * revision comes from the handle its text was read from.
 */
export async function readWholeThread(
  fs: StorageFs,
  path: string,
  threadId: string,
  known?: StoredThread,
): Promise<WholeThreadRead> {
  if (known && (await currentRevision(fs, path)) === known.base) {
    const tail = await readJournalLines(fs, journalPathOf(path), known.journalEnd);
    const baseKept = (await currentRevision(fs, path)) === known.base;
    if (tail.continues && baseKept) return replayOnto(known.transcript, known, tail, known.journalEnd, threadId);
  }
  let read: WholeThreadRead | undefined;
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const file = await readThreadFile(fs, path, threadId);
    if (file.kind !== 'ok') return file;
    const size = await fs.stat(path).then(
      (s) => s.size,
      () => 0,
    );
    const lines = await readJournalLines(fs, journalPathOf(path));
    read = replayOnto(file.transcript, { base: file.revision, baseSize: size }, lines, 0, threadId);
    if ((await currentRevision(fs, path).catch(() => null)) === file.revision) return read;
  }
  return read as WholeThreadRead;
}

function replayOnto(
  transcript: Transcript,
  base: Pick<StoredThread, 'base' | 'baseSize'>,
  tail: Awaited<ReturnType<typeof readJournalLines>>,
  from: number,
  threadId: string,
): WholeThreadRead {
  const entries: Transcript[] = [];
  /** The line number (from 1, within what was read) of each entry. */
  const entryLines: number[] = [];
  const rejected: RejectedLine[] = [];
  for (const [i, line] of tail.lines.entries()) {
    const read = parseJournalLine(line, threadId);
    if (read.ok) {
      entries.push(read.entry);
      entryLines.push(i + 1);
    } else if (read.newer) return { kind: 'newer', reason: `Its journal was ${read.reason}.`, revision: base.base };
    else rejected.push({ line: i + 1, reason: read.reason });
  }
  const replayed = replayJournal(transcript, entries);
  for (const r of replayed.rejected) rejected.push({ line: entryLines[r.index] ?? 0, reason: r.reason });
  const stored: StoredThread = {
    transcript: replayed.transcript,
    revision: threadRevisionOf(base.base, tail.revision),
    base: base.base,
    baseSize: base.baseSize,
    journal: tail.revision,
    journalEnd: tail.revision === null ? from : tail.end,
  };
  return { kind: 'ok', stored, rejected };
}
