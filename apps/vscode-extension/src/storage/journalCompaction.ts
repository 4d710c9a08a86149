import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Revision } from '@roundtable/core/store/ports';
import type { Transcript } from '@roundtable/core/transcript/schema';
import type { ThreadIndexStore } from './ThreadIndexStore';
import { currentRevision, type StorageFs, syncFolder, writeTempFile } from './threadFiles';
import { emptyJournal, journalPathOf, journalRevisionOf, readJournalLines } from './threadJournal';
import { threadRevisionOf } from './threadRevision';
import { readWholeThread, type StoredThread } from './threadState';

export interface Compaction {
  /** The thread's revision just before the new base replaced the old (same content). */
  before: Revision;
  /** Its revision after. */
  after: Revision;
  /** What is stored now, when the whole of it is known (no other window's lines were carried over unread). */
  stored: StoredThread | undefined;
}

/**
 * Folds a thread's journal into a fresh base file. The base is written (the slow part: the whole thread, fsynced)
 * without holding the thread's lock, so saves keep appending meanwhile; then, under the lock, the fresh base is
 * renamed into place and the lines appended meanwhile are carried over into the emptied journal.
 *
 * Crash safety: the base is renamed before the journal is emptied, so a crash between the two leaves lines that
 * the base already holds, and replaying them again changes nothing (`replayJournal` is idempotent). Gives up
 * (undefined) when there is nothing to fold, or when the base changed meanwhile (another window wrote it whole).
 *
 * `known` is what this window knows is stored, read twice: at the start (to skip reading the thread), and again
 * under the lock, because this window's own saves go on appending while the base is written. When the lines carried
 * over are the ones it appended, it still knows the whole thread afterwards, and its next save appends one line; had
 * it forgotten it, that save would rewrite the whole thread, with every save behind it waiting.
 */
export async function compactJournal(
  fs: StorageFs,
  index: ThreadIndexStore,
  locked: <T>(fn: () => Promise<T>) => Promise<T>,
  threadId: string,
  known: () => StoredThread | undefined,
): Promise<Compaction | undefined> {
  const path = index.pathOf(`${threadId}.json`);
  const read = await readWholeThread(fs, path, threadId, known());
  if (read.kind !== 'ok' || read.stored.journalEnd === 0) return undefined;
  const snapshot = read.stored;
  const parts = await threadJsonInSlices(snapshot.transcript);
  const { path: temp, bytes: baseSize } = await writeInSlices(fs, index.folders.temp, threadId, parts);
  try {
    return await locked(async () => {
      if ((await currentRevision(fs, path)) !== snapshot.base) return undefined;
      const journalPath = journalPathOf(path);
      const tail = await readJournalLines(fs, journalPath, snapshot.journalEnd);
      if (!tail.continues) return undefined;
      const before = threadRevisionOf(snapshot.base, tail.revision);
      return index.withLock(async () => {
        const list = await index.read();
        await fs.rename(temp, path);
        const carried = tail.lines.map((line) => `${line}\n`).join('');
        let journal: string;
        if (carried === '') {
          journal = await emptyJournal(fs, journalPath);
        } else {
          const next = await writeTempFile(fs, index.folders.temp, `${threadId}-journal`, carried);
          await fs.rename(next, journalPath);
          journal = journalRevisionOf(await fs.stat(journalPath, { bigint: true }));
        }
        await syncFolder(fs, index.folders.threads);
        await index.write(list);
        const base = (await currentRevision(fs, path)) ?? '';
        const after = threadRevisionOf(base, journal);
        const now = known();
        const content = carried === '' ? snapshot.transcript : now?.revision === before ? now.transcript : undefined;
        const stored = content && {
          transcript: content,
          revision: after,
          base,
          baseSize,
          journal,
          journalEnd: Buffer.byteLength(carried),
        };
        return { before, after, stored };
      });
    });
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/**
 * Copies a thread's journal aside as `<id>.corrupt-<time>.journal` (never read, never deleted), for a person to
 * look at once a bad line was left out of it. A new entry in the threads folder: made under the index lock.
 */
export async function copyJournalAside(
  fs: StorageFs,
  index: ThreadIndexStore,
  threadId: string,
  now: Date,
): Promise<string> {
  const copy = `${threadId}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}.journal`;
  await index.withLock(async () => {
    const list = await index.read();
    await fs.copyFile(journalPathOf(index.pathOf(`${threadId}.json`)), index.pathOf(copy));
    await syncFolder(fs, index.folders.threads);
    await index.write(list);
  });
  return copy;
}

/** Messages serialised between two turns of the event loop while a base file is prepared. */
const SLICE_MESSAGES = 32;

/**
 * `JSON.stringify(transcript)` as parts whose concatenation is that text, a few messages at a time with a turn of the
 * event loop between them, so preparing a large base in the background never holds up a save that is due (the same
 * object; `messages` last). The parts are never joined: a thread of megabytes would be copied whole in one step.
 */
export async function threadJsonInSlices(transcript: Transcript): Promise<string[]> {
  const { messages, ...head } = transcript;
  const parts = [`${JSON.stringify(head).slice(0, -1)},"messages":[`];
  for (let i = 0; i < messages.length; i += SLICE_MESSAGES) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice = messages.slice(i, i + SLICE_MESSAGES).map((m) => JSON.stringify(m));
    parts.push(`${i > 0 ? ',' : ''}${slice.join(',')}`);
  }
  parts.push(']}');
  return parts;
}

/** Bytes of a fresh base written and flushed at a time (at least: a part is never split). */
const SLICE_BYTES = 128 * 1024;

/**
 * `writeTempFile` for a large file written in the background, from its parts: a slice at a time with a turn of the
 * event loop between slices, so a save that is due meanwhile runs at once, and each slice flushed before the next is
 * written. One flush of the whole file at the end would make a save's own flush (one journal line) wait behind
 * megabytes: on a journaling file system a flush commits what other files have pending too. Flushed a slice at a
 * time, a save waits behind one slice at most. Returns the file and its size in bytes.
 */
async function writeInSlices(
  fs: StorageFs,
  dir: string,
  stem: string,
  parts: readonly string[],
): Promise<{ path: string; bytes: number }> {
  await fs.mkdir(dir, { recursive: true });
  const path = join(dir, `${stem}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(path, 'wx', 0o600);
  let at = 0;
  try {
    for (let next = 0; next < parts.length; ) {
      const slice: Buffer[] = [];
      let length = 0;
      while (next < parts.length && length < SLICE_BYTES) {
        const bytes = Buffer.from(parts[next++] ?? '', 'utf8');
        slice.push(bytes);
        length += bytes.length;
      }
      const bytes = Buffer.concat(slice, length);
      await handle.write(bytes, 0, length, at);
      at += length;
      await handle.datasync();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(path, { force: true });
    throw error;
  }
  await handle.close();
  return { path, bytes: at };
}
