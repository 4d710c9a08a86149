import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { extract } from 'tar';
import type { ReleaseAsset } from '../pinnedRelease';

/**
 * Takes the one file Roundtable needs, the binary at the archive's root, out of a verified archive into `dir`,
 * and makes it executable. Nothing else is extracted: no other path, link or device entry can land anywhere.
 * Returns the binary's path, or throws when the archive does not hold it as a regular file.
 */
export async function extractBinary(archivePath: string, asset: ReleaseAsset, dir: string): Promise<string> {
  const target = join(dir, asset.binary);
  const wanted = (path: string) => path === asset.binary || path === `./${asset.binary}`;
  if (asset.kind === 'tar.gz') {
    await extract({
      file: archivePath,
      cwd: dir,
      strict: true,
      filter: (path, entry) => wanted(path) && 'type' in entry && entry.type === 'File',
    });
  } else {
    const files = unzipSync(new Uint8Array(await readFile(archivePath)), { filter: (file) => wanted(file.name) });
    const bytes = files[asset.binary] ?? files[`./${asset.binary}`];
    if (bytes) await writeFile(target, bytes, { mode: 0o700 });
  }
  const found = await stat(target).catch(() => undefined);
  if (!found?.isFile()) throw new Error(`The archive ${asset.name} does not contain ${asset.binary} at its root.`);
  await chmod(target, 0o755);
  return target;
}
