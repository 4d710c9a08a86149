import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One output chunk of a build, as `chunkGraph.mjs` writes it. */
export interface GraphChunk {
  entry?: true;
  /** The source file behind the chunk: the entry's, or the target of an `import()`. */
  source?: string;
  imports: string[];
  dynamicImports: string[];
  /** The source modules the chunk holds (paths relative to the package). */
  modules: string[];
}

export interface ChunkGraph {
  chunks: Record<string, GraphChunk>;
}

/** A build's chunk graph, from the `chunks.json` its build wrote into `folder`. */
export function readChunkGraph(folder: string): ChunkGraph {
  return JSON.parse(readFileSync(join(folder, 'chunks.json'), 'utf8')) as ChunkGraph;
}

/** The chunk whose source is `source` (the entry, or the target of an `import()`); throws when the build has none. */
export function chunkOf(graph: ChunkGraph, source: string): string {
  const found = Object.entries(graph.chunks).find(([, chunk]) => chunk.source === source);
  if (!found) throw new Error(`the build has no chunk for ${source} (is it still reached through an import()?)`);
  return found[0];
}

/** The chunks `files` load before they can run: themselves and what they import statically, transitively. */
export function staticClosure(graph: ChunkGraph, files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    const chunk = graph.chunks[file];
    if (!chunk) throw new Error(`the chunk graph has no ${file}`);
    seen.add(file);
    pending.push(...chunk.imports);
  }
  return seen;
}

/** Every chunk an `import()` can load: the target of some chunk's dynamic import. */
export function lazySources(graph: ChunkGraph): string[] {
  const targets = new Set(Object.values(graph.chunks).flatMap((chunk) => chunk.dynamicImports));
  return [...targets].map((file) => graph.chunks[file]?.source ?? file).sort();
}

/** Modules that more than one chunk holds: each would be parsed, and its state kept, twice. */
export function duplicatedModules(graph: ChunkGraph): Map<string, string[]> {
  const holders = new Map<string, string[]>();
  for (const [file, chunk] of Object.entries(graph.chunks)) {
    for (const id of chunk.modules) holders.set(id, [...(holders.get(id) ?? []), file]);
  }
  return new Map([...holders].filter(([, files]) => files.length > 1));
}

/** Raw and gzip bytes of `files`, each compressed on its own as it is read or served. */
export function sizeOf(folder: string, files: Iterable<string>): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(folder, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip };
}
