import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import yauzl from 'yauzl';

/** The extension's folder: the .vsix that `pnpm package` builds is written here. */
export const extensionRoot = join(import.meta.dirname, '..', '..');

/** Every entry of a zip archive (a .vsix), by name. */
export async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, z) => (error || !z ? reject(error) : resolve(z))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** The manifest, and the entries of the .vsix it names (roundtable-<version>.vsix). */
export async function readBuiltVsix(): Promise<{
  manifest: { name: string; version: string };
  file: string;
  entries: Map<string, Buffer>;
}> {
  const manifest = JSON.parse(await readFile(join(extensionRoot, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const file = join(extensionRoot, `${manifest.name}-${manifest.version}.vsix`);
  return { manifest, file, entries: await readZip(file) };
}
