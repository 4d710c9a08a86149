import { isAbsolute, relative } from 'node:path';
import type { Plugin } from 'vite';
import { chunkGraph } from '../../../size/chunkGraph.mjs';
import { CHUNK_GRAPH_FILE, CHUNK_MODULES_FILE, type ChunkModules } from './chunkGraph.ts';

/**
 * Writes, next to Vite's manifest, which source modules each output chunk holds (`CHUNK_MODULES_FILE`): chunk file →
 * its modules, named as the manifest names sources (relative to the webview's root, with `/`; a virtual module keeps
 * its id). The manifest says which chunks a chunk imports but not what is inside each, so only this file shows a
 * module the bundler put in two chunks (`modulesInSeveralChunks`). Emitted as an asset, so a build that writes
 * nothing (the bench's) has it too.
 */
export function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'roundtable-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = output.moduleIds.map((id) => sourceName(root, id));
      }
      const sorted: ChunkModules = Object.fromEntries(Object.entries(modules).sort(([a], [b]) => a.localeCompare(b)));
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(sorted, null, 2)}\n` });
      // The same graph in the form the budget test reads for the host too (`size/chunkGraph.mjs` at the root).
      const graph = chunkGraph(Object.values(bundle), root);
      this.emitFile({ type: 'asset', fileName: CHUNK_GRAPH_FILE, source: `${JSON.stringify(graph, null, 1)}\n` });
    },
  };
}

function sourceName(root: string, id: string): string {
  return isAbsolute(id) ? relative(root, id).replaceAll('\\', '/') : id;
}
