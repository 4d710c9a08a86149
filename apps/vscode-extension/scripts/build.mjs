// Bundles the extension host code with esbuild (CJS, `vscode` external) and copies the built webview next to it.
// Internal packages are consumed as TypeScript source, so this is the only build the host needs.
import { cp, mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const production = process.env.NODE_ENV !== 'development';

// Ten bundles: the host (what a window needs for its first chat state: storage, the store, the views); the managed
// proxy's code (archives, YAML, processes), which the host requires in managed mode once the first state is out; the
// thread tools (switch, rename, delete, export, import), required the first time one of them runs; and the turns'
// code (routing, plans, the turn loop, the chat backend and streaming client, prompt assembly, the proxy's
// endpoint), required when the first turn starts or the proxy is first checked; and the storage upkeep (journal
// compaction, the index rebuild, the folder watcher), required after the first state or when a rebuild is due; and
// the editor's context (the selection, a file, the working tree's changes, the problems), required when one is first
// added. And the seats on the official CLIs (their dialects, detection, the launcher, the login checks, sign-in),
// required when a CLI provider is first checked or asked for a reply: their dialects read the CLIs' lines with type
// guards, and the host hands them its settings already read, so they hold no schema and no copy of zod. And the
// proposed changes (the diff library, Review change, Apply, Compare proposals), which the thread tools' host actions
// require on a change block's first click. And the council's code (the prompts of reviews and syntheses, with the
// scrubbing of names, and the reading of a synthesis's ledger), which the turns' code requires when the first review
// or synthesis is built or read, and the thread tools when an export reads an older synthesis: it holds no schema,
// so no copy of zod. And a view's intent handler, required by the first intent a page sends (a switch, a link, a
// send): small, and not the turns' code.
await build({
  entryPoints: {
    extension: join(root, 'src/extension.ts'),
    intents: join(root, 'src/intents/intentsBundle.ts'),
    changes: join(root, 'src/changes/changesBundle.ts'),
    clis: join(root, 'src/clis/clisBundle.ts'),
    council: join(root, 'src/council/councilBundle.ts'),
    context: join(root, 'src/adapters/contextBundle.ts'),
    managed: join(root, 'src/sidecar/managedBundle.ts'),
    threadTools: join(root, 'src/threads/threadToolsBundle.ts'),
    turns: join(root, 'src/turns/turnsBundle.ts'),
    upkeep: join(root, 'src/storage/upkeepBundle.ts'),
  },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: production ? false : 'linked',
  legalComments: 'none',
  // VS Code's extension host puts a getter on globalThis.navigator that logs a PendingMigrationError when read;
  // zod reads it once while building schemas (to decide whether eval is usable). The host is Node: no navigator.
  define: { navigator: 'undefined' },
  logLevel: 'warning',
});

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
await cp(webviewDist, target, { recursive: true });
