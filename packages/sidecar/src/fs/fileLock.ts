import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { processIsAlive } from './processAlive';

export interface FileLockOptions {
  /** Give up after waiting this long for another holder (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is taken over whoever holds it (default 30 s; holders keep locks for milliseconds). */
  staleMs?: number;
}

interface Owner {
  pid: number;
  host: string;
  token: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_STALE_MS = 30_000;

/** Tokens of the locks this process holds now, so a lock left behind by this pid but not held is known stale. */
const held = new Set<string>();
/** In-process queue per lock: waiters here never poll the disk. */
const queues = new Map<string, Promise<void>>();
/** Folders this process has made (or found) for its locks: made again only if a draft cannot be written there. */
const madeFolders = new Set<string>();

/**
 * Runs `fn` while holding the lock at `path` (a file), exclusive between processes (every VS Code window runs its
 * own extension host) and within this one.
 *
 * Taking the lock is one atomic step that cannot leave a lock without an owner: the owner (pid, host, random
 * token) is written to a private file first, which is then hard-linked to `path`; the link fails if the lock is
 * held. A lock whose owner process is gone (same host) or that is older than `staleMs` is stale, and is removed
 * only under a second "steal" lock and only if it still names the owner that was judged stale, so two processes
 * recovering at once can never remove a live lock. Waiting backs off from 2 to 50 ms. Keep `fn` short: never hold
 * a lock across a network call.
 */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  queues.set(path, tail);
  await previous;
  try {
    const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
    const { token, draftRemoved } = await acquire(path, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, staleMs);
    const since = Date.now();
    try {
      return await fn();
    } finally {
      held.delete(token);
      // Had `fn` overrun `staleMs`, someone may have taken the lock over: then it is theirs to remove.
      const overran = Date.now() - since >= staleMs;
      const removed = !overran || (await readOwner(path))?.token === token ? rm(path, { force: true }) : undefined;
      await Promise.all([removed, draftRemoved]);
    }
  } finally {
    release();
    if (queues.get(path) === tail) queues.delete(path);
  }
}

/**
 * Takes the lock. Its cost is what a caller waits for on every save, so the steps on that path are few: the draft is
 * written and linked (two changes to the folder), the folder is made once per process (again only if it went), and
 * the draft is removed while `fn` runs (`draftRemoved`, awaited on release). On a busy disk each change to a folder
 * can wait behind another file's flush, so each one left off the path counts.
 */
async function acquire(
  path: string,
  timeoutMs: number,
  staleMs: number,
): Promise<{ token: string; draftRemoved: Promise<void> }> {
  const owner: Owner = { pid: process.pid, host: hostname(), token: randomBytes(12).toString('hex') };
  const draft = `${path}.${owner.token}.tmp`;
  await writeDraft(draft, JSON.stringify(owner));
  const started = Date.now();
  let token: string | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, path);
        held.add(owner.token);
        token = owner.token;
        break;
      } catch (error) {
        if (code(error) !== 'EEXIST') throw error;
      }
      const current = await readOwner(path);
      if (await isStale(path, current, staleMs)) {
        await removeIfStill(path, current, staleMs);
        continue;
      }
      if (Date.now() - started > timeoutMs) {
        const who = current ? `process ${current.pid} on ${current.host}` : 'another process';
        throw new Error(`Timed out after ${timeoutMs} ms waiting for ${who} to release ${path}`);
      }
      await sleep(Math.min(50, 2 * 2 ** Math.min(attempt, 5)));
    }
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
  // The lock holds the owner's inode now: the draft's name is not needed, and nothing waits for it to go.
  return { token, draftRemoved: rm(draft, { force: true }).catch(() => undefined) };
}

/** Writes the owner's draft beside the lock, making the folder first the first time (or if it was removed since). */
async function writeDraft(draft: string, text: string): Promise<void> {
  const folder = dirname(draft);
  if (!madeFolders.has(folder)) await mkdir(folder, { recursive: true });
  try {
    await writeFile(draft, text);
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
    await mkdir(folder, { recursive: true });
    await writeFile(draft, text);
  }
  madeFolders.add(folder);
}

async function readOwner(path: string): Promise<Owner | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<Owner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.token === 'string') {
      return { pid: parsed.pid, host: parsed.host, token: parsed.token };
    }
  } catch {
    // Gone meanwhile, or not written by this code (then only its age decides).
  }
  return undefined;
}

async function isStale(path: string, owner: Owner | undefined, staleMs: number): Promise<boolean> {
  const age = await ageOf(path);
  if (age === undefined) return false; // gone already: the next attempt decides
  if (age > staleMs) return true;
  if (!owner || owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(owner.token);
  return !processIsAlive(owner.pid);
}

/** Removes a stale lock, unless it changed hands since it was judged stale. */
async function removeIfStill(path: string, judged: Owner | undefined, staleMs: number): Promise<void> {
  const guard = `${path}.steal`;
  try {
    await mkdir(guard);
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
    // Someone else is recovering it. A guard is held for microseconds; one this old was left by a crash.
    const age = await ageOf(guard);
    if (age !== undefined && age > staleMs) await rm(guard, { recursive: true, force: true });
    await sleep(5);
    return;
  }
  try {
    const now = await readOwner(path);
    if (now?.token === judged?.token && (await isStale(path, now, staleMs))) await rm(path, { force: true });
  } finally {
    await rmdir(guard).catch(() => undefined);
  }
}

async function ageOf(path: string): Promise<number | undefined> {
  try {
    return Date.now() - (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
