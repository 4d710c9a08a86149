import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type ImportKind } from 'esbuild';

/** One file a source file loads when it runs: `lazy` when through `import()` rather than at its own start. */
export interface RuntimeImport {
  readonly file: string;
  readonly lazy: boolean;
}

/**
 * What a package's source loads at run time. Files are named relative to the package folder, with `/`, as
 * `src/storage/threadFiles.ts`. Type-only imports are not in it: nothing is loaded for them.
 */
export interface SourceGraph {
  /** Each file esbuild read and the package's own files it loads. */
  readonly imports: ReadonlyMap<string, readonly RuntimeImport[]>;
  /** Each file and the packages it loads (bare specifiers as written: `vscode`, `@roundtable/core/protocol`). */
  readonly packages: ReadonlyMap<string, readonly string[]>;
}

/** The kinds of import that load a module when they run; `require.resolve` and stylesheets' `@import` do not. */
const LOADS: ReadonlySet<ImportKind> = new Set<ImportKind>(['import-statement', 'require-call', 'dynamic-import']);

/**
 * A test: not part of what the package ships, so free to reach anything. A bench is not one: benches live in
 * `bench/`, and one left in `src/` is read as source (so one that loads the test kit is caught).
 */
const TEST_FILE = /\.test\.[cm]?tsx?$/;
const SOURCE_FILE = /\.[cm]?tsx?$/;
const DECLARATIONS = /\.d\.[cm]?ts$/;

/**
 * Reads the runtime import graph of `<packageDir>/src`, starting from every file there but tests and
 * declarations. esbuild parses each file as the build does (the package's tsconfig included, so what
 * `verbatimModuleSyntax` keeps is kept and `import type` is dropped) and names every import it follows in its
 * metafile. Packages stay external: the graph ends at the package's own boundary.
 */
export async function readSourceGraph(packageDir: string): Promise<SourceGraph> {
  const src = join(packageDir, 'src');
  const entryPoints = await sourceFiles(src);
  if (entryPoints.length === 0) throw new Error(`no source files under ${src}`);
  const { metafile } = await build({
    absWorkingDir: packageDir,
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    // Nothing is written; esbuild needs somewhere to say the outputs would go when there are several entries.
    outdir: 'out',
    // Stylesheets cannot import code, so they cannot close a cycle; reading them would need the bundler's loaders.
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  const imports = new Map<string, RuntimeImport[]>();
  const packages = new Map<string, string[]>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    const loads = input.imports.filter((found) => LOADS.has(found.kind));
    imports.set(
      file,
      loads
        .filter((found) => !found.external)
        .map((found) => ({ file: found.path, lazy: found.kind === 'dynamic-import' })),
    );
    packages.set(
      file,
      loads.filter((found) => found.external).map((found) => found.path),
    );
  }
  return { imports, packages };
}

/** Every source file under `dir`, by absolute path. */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .filter((entry) => !TEST_FILE.test(entry.name) && !DECLARATIONS.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
