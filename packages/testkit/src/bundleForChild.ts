import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';

const FOLDER_PREFIX = 'roundtable-child-';

/**
 * Bundles a TypeScript entry into one Node script, so a test can run it in a child process (a second extension
 * host, a process to kill) at Node's own start-up speed. Returns the script's path, in a fresh temporary folder
 * `removeChildBundle` removes (removed here if bundling fails).
 */
export async function bundleForChild(entry: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), FOLDER_PREFIX));
  const outfile = join(dir, `${basename(entry, '.ts')}.cjs`);
  try {
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'warning',
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return outfile;
}

/**
 * Removes the folder `bundleForChild` made for `script`. Nothing else: a script that was never made (bundling
 * failed, so `beforeAll` left it empty) removes nothing, where its folder would be the working folder's parent.
 */
export async function removeChildBundle(script: string | undefined): Promise<void> {
  if (!script) return;
  const dir = dirname(script);
  if (!basename(dir).startsWith(FOLDER_PREFIX)) throw new Error(`not a folder bundleForChild made: ${dir}`);
  await rm(dir, { recursive: true, force: true });
}
