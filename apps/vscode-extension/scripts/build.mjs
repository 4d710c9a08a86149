// Bundles the extension host code with rolldown (ESM, split, `vscode` external) and copies the built webview next to it.
// Internal packages are consumed as TypeScript source, so this is the only build the host needs.
import { cp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { chunkGraph } from '../../../size/chunkGraph.mjs';
import { firstStateModules } from './firstStateModules.mjs';
import { minifyWithEsbuild } from './minifyWithEsbuild.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const production = process.env.NODE_ENV !== 'development';

// One entry, `src/extension.ts`, built by rolldown as an ES module (VS Code loads those natively on the Node
// extension host) and split: what a window needs for its first chat state is the entry and what it imports
// statically; everything else is reached through an `await import()` where it is first needed, and the bundler makes
// its chunk. Code a lazy chunk shares with the entry stays in the entry (`allow-extension`: the entry may export more
// than `activate` and `deactivate`), because a lazy chunk only ever loads after it: the first state reads a few files,
// not dozens (each module costs the ESM loader most of a millisecond). Nothing is loaded by path, and no module is in
// two chunks. `dist/chunks.json` (not packaged) is the chunk graph the budget test reads (`budgets.ts` at the root).
// Chunks are named by content: a new build replaces the old ones, it does not add to them.
await rm(join(root, 'dist'), { recursive: true, force: true });
const firstState = new Set();
const bundle = await rolldown({
  input: { extension: join(root, 'src/extension.ts') },
  plugins: [firstStateModules(firstState), ...(production ? [minifyWithEsbuild()] : [])],
  platform: 'node',
  external: ['vscode'],
  preserveEntrySignatures: 'allow-extension',
  experimental: { chunkOptimization: { mergeCommonChunks: false } },
  logLevel: 'warn',
});
const { output } = await bundle.write({
  dir: join(root, 'dist'),
  format: 'esm',
  minify: production,
  sourcemap: !production,
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  codeSplitting: { groups: [{ name: 'first-state', test: (id) => firstState.has(id) }] },
  comments: { legal: false },
});
await bundle.close();
await writeFile(join(root, 'dist/chunks.json'), JSON.stringify(chunkGraph(output, join(root, '../..')), null, 1));

// The managed proxy's watchdog is a program of its own, run in a process of its own between the extension host and
// CLIProxyAPI (see `proxyWatchdog.ts`): one file beside the entry, never imported by the host.
const watchdog = await rolldown({
  input: { proxyWatchdog: join(root, '../../packages/sidecar/src/managed/watchdog/proxyWatchdog.ts') },
  plugins: production ? [minifyWithEsbuild()] : [],
  platform: 'node',
  logLevel: 'warn',
});
await watchdog.write({
  dir: join(root, 'dist'),
  format: 'esm',
  minify: production,
  sourcemap: !production,
  entryFileNames: '[name].js',
  comments: { legal: false },
});
await watchdog.close();

const webviewDist = join(root, '../webview/dist');
const target = join(root, 'media/webview');
try {
  await stat(join(webviewDist, 'assets/main.js'));
} catch {
  throw new Error(
    `The webview is not built (${webviewDist}/assets/main.js is missing). Run \`pnpm build\` at the root.`,
  );
}
await rm(target, { recursive: true, force: true });
await mkdir(target, { recursive: true });
// The build's chunk graph and manifest (`.vite/`) stay behind: the budget test reads them there; the page never does.
await cp(webviewDist, target, { recursive: true, filter: (source) => !source.split(/[\\/]/).includes('.vite') });
