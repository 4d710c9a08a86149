import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import type { Revision } from '@roundtable/core/store/ports';
import { parseTranscript } from '@roundtable/core/transcript/parseTranscript';
import type { Transcript } from '@roundtable/core/transcript/schema';

/** The slice of `node:fs/promises` the thread files use; tests pass a wrapper that counts reads. */
export type StorageFs = Pick<
  typeof nodeFs,
  'open' | 'readFile' | 'writeFile' | 'readdir' | 'stat' | 'rename' | 'rm' | 'mkdir' | 'copyFile'
>;

export const realFs: StorageFs = nodeFs;

/** Thread ids become file names, so only this alphabet is accepted (ours are UUIDs). */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
export const THREAD_FILE = /^([A-Za-z0-9_-]{1,128})\.json$/;
export const SET_ASIDE_FILE = /^([A-Za-z0-9_-]{1,128})\.corrupt-[0-9TZ-]+\.json$/;
/** Temp files an older build left inside the threads folder. */
export const LEGACY_TEMP_FILE = /^\..*\.tmp$/;

/** What a thread file turned out to be. */
export type ThreadFileRead =
  | { kind: 'ok'; transcript: Transcript; revision: Revision }
  | { kind: 'missing' }
  /** Valid JSON of a newer Roundtable: leave it alone. */
  | { kind: 'newer'; reason: string; revision: Revision }
  /** Not a thread: set it aside. */
  | { kind: 'invalid'; reason: string; revision: Revision }
  /** Cannot be read now (a folder, no permission): leave it where it is. */
  | { kind: 'unreadable'; reason: string };

/**
 * A file's revision: inode, size and modification time in nanoseconds. Every write is a rename of a fresh file,
 * so the inode alone changes with each write; size and time guard filesystems that reuse inodes quickly.
 */
export function revisionOf(stats: { ino: bigint; size: bigint; mtimeNs: bigint }): Revision {
  return `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
}

/** The revision of `path` now, null when nothing is there. A folder in a thread's place is an error. */
export async function currentRevision(fs: StorageFs, path: string): Promise<Revision | null> {
  try {
    const stats = await fs.stat(path, { bigint: true });
    if (stats.isDirectory()) throw new Error(`${path} is a folder, not a thread file`);
    return revisionOf(stats);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Reads and validates one thread file. The revision comes from the same open handle as the text, so the two
 * always describe the same version of the file even while another process replaces it.
 */
export async function readThreadFile(fs: StorageFs, path: string, expectedId: string): Promise<ThreadFileRead> {
  let handle: nodeFs.FileHandle;
  try {
    handle = await fs.open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: `It cannot be opened (${describeError(error)}).` };
  }
  let text: string;
  let revision: Revision;
  try {
    const stats = await handle.stat({ bigint: true });
    if (stats.isDirectory()) return { kind: 'unreadable', reason: 'It is a folder, not a file.' };
    revision = revisionOf(stats);
    text = await handle.readFile('utf8');
  } catch (error) {
    return { kind: 'unreadable', reason: `It cannot be read (${describeError(error)}).` };
  } finally {
    await handle.close();
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', reason: `Not valid JSON (${describeError(error)}).`, revision };
  }
  const parsed = parseTranscript(json);
  if (!parsed.ok) return { kind: parsed.newer ? 'newer' : 'invalid', reason: parsed.error, revision };
  if (parsed.value.id !== expectedId) {
    return { kind: 'invalid', reason: `The file name does not match the thread id "${parsed.value.id}".`, revision };
  }
  return { kind: 'ok', transcript: parsed.value, revision };
}

/** Writes `text` to a fresh file in `dir` and flushes it to disk; returns its path, to be renamed into place. */
export async function writeTempFile(fs: StorageFs, dir: string, stem: string, text: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const path = join(dir, `${stem}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(path, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  return path;
}

/**
 * Flushes a folder's entries (a rename into it) to disk, so a crash right after cannot bring the old file back.
 * Windows cannot open a folder this way, and its renames are durable already: there it is a no-op.
 */
export async function syncFolder(fs: StorageFs, dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
