import type { ChunkGraph } from './readChunkGraph';

/** The chunk graph of a build's output (rolldown's or Vite's bundle), module paths relative to `root`. */
export function chunkGraph(output: readonly unknown[], root: string): ChunkGraph;
