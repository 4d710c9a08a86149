import { gzipSync } from 'node:zlib';

/** The webview's first-transcript JavaScript: which built files it is, and their size compressed. */
export interface FirstTranscriptJs {
  /** File names in the build's `assets/` folder, the entry first. */
  readonly files: readonly string[];
  /** The sum of each file's gzip size (each compressed on its own, as it is served). */
  readonly gzipBytes: number;
}

// A static import or re-export of a sibling chunk in minified output: `import{a as b}from"./x.js"`,
// `import"./x.js"`, `export{a}from"./x.js"`. Never `import("./x.js")`: a lazy chunk is not needed to show the
// first transcript (Markdown, the highlighter and its grammars load that way).
const STATIC_IMPORT = /(?:^|[;\n])\s*(?:import|export)(?:[^()'"]*?from)?\s*["']\.\/([^"']+)["']/g;

/**
 * What the webview runs before it can show its first transcript: the entry chunk and every chunk it imports
 * statically, transitively, found by reading the chunks themselves. `read` gives a file of the built `assets/` folder
 * by name (from the Vite output, or from the packaged .vsix, which has no manifest). The budgets and `pnpm bench`
 * measure on the build's chunk graph (chunkGraph.ts); build.test.ts keeps the two in agreement.
 */
export function firstTranscriptJs(
  read: (name: string) => Uint8Array | undefined,
  entry = 'main.js',
): FirstTranscriptJs {
  const files: string[] = [];
  const pending = [entry];
  let gzipBytes = 0;
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    if (files.includes(name)) continue;
    const bytes = read(name);
    if (!bytes) throw new Error(`the webview build has no assets/${name}`);
    files.push(name);
    gzipBytes += gzipSync(bytes).length;
    for (const [, imported] of new TextDecoder().decode(bytes).matchAll(STATIC_IMPORT))
      if (imported) pending.push(imported);
  }
  return { files, gzipBytes };
}
