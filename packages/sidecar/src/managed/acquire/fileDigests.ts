import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

/** The SHA-256 of a file's bytes, lower-case hex, read as a stream (a release binary is tens of megabytes). */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** What says a file is still the one that was hashed: replacing or rewriting it changes one of these. */
interface Identity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  /** Set by the kernel on every write or metadata change; unlike mtime, no program can set it back. */
  ctimeMs: number;
}

function identityOf(stats: Stats): Identity {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
}

function sameIdentity(a: Identity, b: Identity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * Files' SHA-256, remembered for as long as this object lives (a window's session) by the file's device, inode,
 * size, mtime and ctime: a restart of an unchanged binary costs one `stat`, and a binary replaced, rewritten or
 * touched is read and hashed again.
 */
export class FileDigests {
  private readonly known = new Map<string, Identity & { sha256: string }>();

  constructor(private readonly hashFile: (path: string) => Promise<string> = sha256OfFile) {}

  async sha256(path: string): Promise<string> {
    const before = identityOf(await stat(path));
    const known = this.known.get(path);
    if (known && sameIdentity(known, before)) return known.sha256;
    const sha256 = await this.hashFile(path);
    // A file that changed while it was read has a hash of neither version: it is reported, never remembered.
    if (sameIdentity(before, identityOf(await stat(path)))) this.known.set(path, { ...before, sha256 });
    else this.known.delete(path);
    return sha256;
  }
}
