import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCycles } from './importCycles';
import { readSourceGraph, type SourceGraph } from './readSourceGraph';

/** The test kit's packages: fakes and stand-ins, for tests only, never loaded by what a package ships. */
const TEST_KIT = /^@roundtable\/testkit(\/|$)/;

/**
 * The seams of a package's `src/` (its tests and benches aside), checked by that package's own suite so that a
 * change to its source reruns them: no import cycle, counting the lazy `import()`s (a cycle through one still
 * leaves a module that can run before what it imports has finished loading), and no import of the test kit.
 * `packageDir` is the package's folder, as `new URL('..', import.meta.url)` from a test in `src/`.
 */
export function describeSourceSeams(packageDir: URL): void {
  describe('the source in src/', () => {
    let graph: SourceGraph;
    beforeAll(async () => {
      graph = await readSourceGraph(fileURLToPath(packageDir));
    });

    it('has no import cycle, lazy imports included', () => {
      expect(importCycles(graph)).toEqual([]);
    });

    it('never loads the test kit', () => {
      expect(testKitImports(graph)).toEqual([]);
    });
  });
}

/** `<file> imports <package>` for each import of the test kit's packages in a graph, sorted. */
export function testKitImports(graph: Pick<SourceGraph, 'packages'>): string[] {
  return [...graph.packages]
    .flatMap(([file, names]) => names.filter((name) => TEST_KIT.test(name)).map((name) => `${file} imports ${name}`))
    .sort();
}
