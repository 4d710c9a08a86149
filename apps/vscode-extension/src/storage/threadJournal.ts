import { errorCode, type StorageFs } from './threadFiles';

/** A thread's journal beside its base file: `<id>.journal`, one JSON line per save since the base was written. */
export const JOURNAL_FILE = /^([A-Za-z0-9_-]{1,128})\.journal$/;

/** The journal of the thread file at `threadPath` (`<id>.json`). */
export function journalPathOf(threadPath: string): string {
  return threadPath.replace(/\.json$/, '.journal');
}

/** The complete lines of a journal from byte `from` on. */
export interface JournalLines {
  lines: string[];
  /** The byte just past the last complete line: where the next line goes. */
  end: number;
  /** Size and modification time when read; null when there is no journal. */
  revision: string | null;
  /** False when the journal is shorter than `from` (it was emptied): read it again from the start. */
  continues: boolean;
}

const NEWLINE = 0x0a;

/** A journal's revision: only ever appended to or emptied, so its size and modification time tell its versions apart. */
export function journalRevisionOf(stats: { size: bigint; mtimeNs: bigint }): string {
  return `${stats.size}:${stats.mtimeNs}`;
}

/**
 * Reads a journal's complete lines from byte `from` on. A last line without its newline is a write cut short by a
 * crash: it is left out (and cut off by the next append), never an error. A newline byte never occurs inside a
 * UTF-8 sequence, so lines split on bytes decode whole.
 */
export async function readJournalLines(fs: StorageFs, path: string, from = 0): Promise<JournalLines> {
  let handle: Awaited<ReturnType<StorageFs['open']>>;
  try {
    handle = await fs.open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { lines: [], end: 0, revision: null, continues: from === 0 };
    throw error;
  }
  try {
    const stats = await handle.stat({ bigint: true });
    const size = Number(stats.size);
    const revision = journalRevisionOf(stats);
    if (size < from) return { lines: [], end: 0, revision, continues: false };
    const buffer = Buffer.alloc(size - from);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, from + read);
      if (bytesRead === 0) break; // emptied while being read: what was read is still whole lines up to a newline
      read += bytesRead;
    }
    const last = buffer.subarray(0, read).lastIndexOf(NEWLINE);
    const text = buffer.subarray(0, last + 1).toString('utf8');
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    return { lines, end: from + last + 1, revision, continues: true };
  } finally {
    await handle.close();
  }
}

/**
 * Writes `text` (whole lines) at byte `at` of an existing journal, cutting off whatever follows (a line a crash cut
 * short), and flushes it to disk before returning. Returns the journal's revision after the write.
 */
export async function appendJournalLines(fs: StorageFs, path: string, at: number, text: string): Promise<string> {
  const handle = await fs.open(path, 'r+');
  try {
    const bytes = Buffer.from(text, 'utf8');
    if ((await handle.stat()).size !== at) await handle.truncate(at);
    await handle.write(bytes, 0, bytes.length, at);
    await handle.datasync();
    return journalRevisionOf(await handle.stat({ bigint: true }));
  } finally {
    await handle.close();
  }
}

/**
 * Creates a thread's first journal holding `text`, flushed. It adds a file to the threads folder: call under the
 * index lock, then flush the folder and write the index.
 */
export async function createJournal(fs: StorageFs, path: string, text: string): Promise<string> {
  const handle = await fs.open(path, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.datasync();
    return journalRevisionOf(await handle.stat({ bigint: true }));
  } finally {
    await handle.close();
  }
}

/**
 * Empties a journal whose lines are all in the base file now, or creates it empty (a new entry in the threads
 * folder: call under the index lock, then flush the folder and write the index). Returns its revision.
 */
export async function emptyJournal(fs: StorageFs, path: string): Promise<string> {
  const handle = await fs.open(path, 'w', 0o600);
  try {
    await handle.datasync();
    return journalRevisionOf(await handle.stat({ bigint: true }));
  } finally {
    await handle.close();
  }
}
