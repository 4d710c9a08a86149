import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';

/**
 * Bundles a TypeScript entry into one Node script, so a test can run it in a child process (a second extension
 * host, a process to kill) at Node's own start-up speed. Returns the script's path.
 */
export async function bundleForChild(entry: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-child-'));
  const outfile = join(dir, `${basename(entry, '.ts')}.cjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    define: { navigator: 'undefined' },
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * For a test file whose children run the store worker: bundles it and makes a storage folder before the file's
 * tests, removes both after. Read `script` and `root` inside tests.
 */
export function useStoreWorker(folderPrefix: string): { script: string; root: string } {
  const worker = { script: '', root: '' };
  beforeAll(async () => {
    worker.script = await bundleForChild(join(__dirname, 'storeWorker.ts'));
    worker.root = await mkdtemp(join(tmpdir(), folderPrefix));
  });
  afterAll(async () => {
    await rm(join(worker.script, '..'), { recursive: true, force: true });
    await rm(worker.root, { recursive: true, force: true });
  });
  return worker;
}
