import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles a TypeScript entry into one Node script, so a test can run it in a child process (a second extension
 * host, a process to kill) at Node's own start-up speed. Returns the script's path, in a fresh temporary folder
 * the caller removes.
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
