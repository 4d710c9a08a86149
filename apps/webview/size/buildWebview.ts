import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { CHUNK_MODULES_FILE, type ChunkModules, MANIFEST_FILE, type Manifest } from './chunkGraph.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A fresh build's output files by their path in the output folder, and its chunk graph. */
export interface BuiltWebview {
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly manifest: Manifest;
  readonly modules: ChunkModules;
}

/**
 * Builds the webview exactly as `pnpm build` does (its vite.config.ts), in memory. Nothing is written: `dist/` is
 * neither needed (`pnpm bench` builds nothing first) nor touched.
 *
 * Vitest runs with `NODE_ENV=test`, which Vite would take over `mode` and build for development (JSX with each
 * element's source file and line, 10 KB more in the first transcript); the build sees `production`, as `pnpm build`
 * does, and the variable is put back after.
 */
export async function buildWebview(): Promise<BuiltWebview> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      root,
      configFile: `${root}vite.config.ts`,
      mode: 'production',
      logLevel: 'warn',
      build: { write: false, emptyOutDir: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const files = new Map<string, Uint8Array>();
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) throw new Error('vite build started watching instead of building once');
    for (const file of output.output) {
      const content = file.type === 'chunk' ? file.code : file.source;
      files.set(file.fileName, typeof content === 'string' ? new TextEncoder().encode(content) : content);
    }
  }
  const json = <T>(name: string): T => {
    const bytes = files.get(name);
    if (!bytes) throw new Error(`the webview build wrote no ${name}`);
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  };
  return { files, manifest: json<Manifest>(MANIFEST_FILE), modules: json<ChunkModules>(CHUNK_MODULES_FILE) };
}
