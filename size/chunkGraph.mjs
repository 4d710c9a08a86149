import { isAbsolute, relative, sep } from 'node:path';

/**
 * The chunk graph of a build, as the budget test reads it: per output chunk, the chunks it imports statically and
 * lazily, the source file behind it when it is an entry or the target of an `import()`, and the modules it holds
 * (paths relative to `root`, with `/`). From rolldown's output (`bundle.write`): the host's, and the webview's
 * through Vite, so both sides are read the same way.
 */
export function chunkGraph(output, root) {
  // A package's file goes by its path from the package on (`shiki/dist/langs/c.mjs`); a virtual module keeps its id.
  const name = (id) => {
    if (!isAbsolute(id)) return id;
    const path = relative(root, id).split(sep).join('/');
    const at = path.lastIndexOf('node_modules/');
    return at < 0 ? path : path.slice(at + 'node_modules/'.length);
  };
  const chunks = {};
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue;
    chunks[chunk.fileName] = {
      ...(chunk.isEntry ? { entry: true } : {}),
      ...(chunk.facadeModuleId ? { source: name(chunk.facadeModuleId) } : {}),
      imports: chunk.imports.filter((file) => output.some((o) => o.fileName === file)),
      dynamicImports: chunk.dynamicImports.filter((file) => output.some((o) => o.fileName === file)),
      modules: (chunk.moduleIds ?? Object.keys(chunk.modules)).map(name),
    };
  }
  return { chunks };
}
