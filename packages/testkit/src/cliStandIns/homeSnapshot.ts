import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * Every entry under `root` (folders, files, links) with what would show a change: a file's size, modification time
 * and content hash, a link's target. Two snapshots that are equal mean nothing under `root` was created, removed or
 * written.
 */
export async function homeSnapshot(root: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      const info = await lstat(path);
      const key = relative(root, path);
      if (info.isSymbolicLink()) entries[key] = `link ${await readlink(path)}`;
      else if (info.isDirectory()) {
        entries[key] = 'folder';
        await walk(path);
      } else {
        const hash = createHash('sha256')
          .update(await readFile(path))
          .digest('hex')
          .slice(0, 16);
        entries[key] = `file ${info.size} ${info.mtimeMs} ${hash}`;
      }
    }
  };
  await walk(root);
  return entries;
}
