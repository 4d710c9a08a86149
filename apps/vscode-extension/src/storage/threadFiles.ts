import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import type { Revision } from '@roundtable/core/store/ports';

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
