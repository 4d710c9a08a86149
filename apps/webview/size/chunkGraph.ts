import { gzipSync } from 'node:zlib';

// The webview build's chunk graph, read from two files the build writes into `dist/`: Vite's manifest
// (`MANIFEST_FILE`: each chunk by the source it comes from, the files it imports statically and dynamically) and ours
// (`CHUNK_MODULES_FILE`, see chunkModulesPlugin.ts: each output file with the source modules it holds). Pure
// functions over them; the size budgets (budgets.ts at the repo's root), their tests and `pnpm bench` all measure
// with these, so they agree.
//
// Names: the manifest names a chunk by its source, relative to the webview's root (`src/main.tsx`,
// `src/components/TurnLine.tsx`), a chunk with no source of its own by `_` and its file name (`_preact.module-x.js`).
// A package's file is named from its package on (`shiki/dist/langs/go.mjs`), wherever the package manager stored it.

/** Where Vite writes its manifest, relative to the build's output folder (`build.manifest: true`). */
export const MANIFEST_FILE = '.vite/manifest.json';
/** Where `chunkModules()` writes which modules each chunk holds, next to the manifest. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';
/** The build's chunk graph as `size/chunkGraph.mjs` (at the repository's root) writes it, beside the manifest. */
export const CHUNK_GRAPH_FILE = '.vite/chunks.json';

/** One chunk (or asset) of Vite's manifest, the fields read here. */
export interface ManifestChunk {
  /** The output file, relative to the output folder (`assets/main.js`). */
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  /** Manifest keys of the chunks this one imports statically. */
  readonly imports?: readonly string[];
  /** Manifest keys of the chunks this one imports with `import()`. */
  readonly dynamicImports?: readonly string[];
}

/** Vite's manifest: manifest key → chunk. */
export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** Ours: output file → the source modules it holds. */
export type ChunkModules = Readonly<Record<string, readonly string[]>>;

/** Bytes on disk and gzip-compressed (each file compressed on its own, as it is read or served). */
export interface Size {
  readonly raw: number;
  readonly gzip: number;
}

/** The name a manifest key goes by: the key itself, or for a package's file, the path from its package on. */
export function sourceName(key: string): string {
  const at = key.lastIndexOf('node_modules/');
  return at < 0 ? key : key.slice(at + 'node_modules/'.length);
}

/** The manifest key of the chunk `name` (a key, or the `sourceName` of one); throws if the build has no such chunk. */
export function manifestKey(manifest: Manifest, name: string): string {
  if (name in manifest) return name;
  const keys = Object.keys(manifest).filter((key) => sourceName(key) === name);
  if (keys.length === 1 && keys[0] !== undefined) return keys[0];
  throw new Error(
    keys.length === 0 ? `the webview build has no chunk for ${name}` : `${name} names ${keys.length} chunks`,
  );
}

/** Every lazy feature of the build: each target of an `import()`, by `sourceName`, sorted. */
export function lazyFeatures(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry)
    .map(sourceName)
    .sort();
}

/** The files chunk `name` loads: its own, then its static imports' (depth first), transitively, each once. */
export function staticFiles(manifest: Manifest, name: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the webview build's manifest has no ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(manifestKey(manifest, name));
  return files;
}

/**
 * The files loaded once the entry and each of `features` have loaded: the entry with its static imports, then each
 * feature's chunk with its static imports, each file once, in that order.
 */
export function loadedFiles(manifest: Manifest, entry: string, features: readonly string[]): string[] {
  const files = new Set<string>();
  for (const name of [entry, ...features]) for (const file of staticFiles(manifest, name)) files.add(file);
  return [...files];
}

/** The files a feature's import adds to what the entry loaded: its chunk and its static imports, less the entry's. */
export function addedFiles(manifest: Manifest, entry: string, feature: string): string[] {
  const loaded = new Set(staticFiles(manifest, entry));
  return staticFiles(manifest, feature).filter((file) => !loaded.has(file));
}

/** Each source module present in more than one output file, with those files; none in a sound build. */
export function modulesInSeveralChunks(modules: ChunkModules): { module: string; files: string[] }[] {
  const filesOf = new Map<string, string[]>();
  for (const [file, ids] of Object.entries(modules))
    for (const id of new Set(ids)) filesOf.set(id, [...(filesOf.get(id) ?? []), file]);
  return [...filesOf]
    .filter(([, files]) => files.length > 1)
    .map(([module, files]) => ({ module, files: files.sort() }))
    .sort((a, b) => (a.module < b.module ? -1 : a.module > b.module ? 1 : 0));
}

/** The size of `files`, summed; `read` gives a file of the output folder by its path in it (`assets/main.js`). */
export function sizeOf(files: readonly string[], read: (file: string) => Uint8Array | undefined): Size {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = read(file);
    if (!bytes) throw new Error(`the webview build has no ${file}`);
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip };
}
