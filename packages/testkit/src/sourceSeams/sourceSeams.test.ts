import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testKitImports } from './describeSourceSeams';
import { importCycles } from './importCycles';
import { readSourceGraph } from './readSourceGraph';

// The graph is read by esbuild from real files in a scratch package laid out as the workspace's are (a tsconfig
// with verbatimModuleSyntax, sources under src/), so what counts as an import is what the build loads.

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function scratchPackage(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-seams-'));
  made.push(dir);
  const all = { 'tsconfig.json': '{ "compilerOptions": { "verbatimModuleSyntax": true } }', ...files };
  for (const [name, text] of Object.entries(all)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

const cyclesIn = async (files: Record<string, string>) =>
  importCycles(await readSourceGraph(await scratchPackage(files)));

describe('importCycles of a package read by readSourceGraph', () => {
  it('names a ring of value imports from its first file, whichever file the ring is entered by', async () => {
    const cycles = await cyclesIn({
      'src/index.ts': "export { c } from './ring/c';",
      'src/ring/c.ts': "import { a } from './a';\nexport const c = () => a;",
      'src/ring/a.ts': "import { b } from './b';\nexport const a = () => b;",
      'src/ring/b.ts': "import { c } from './c';\nexport const b = () => c;",
    });
    expect(cycles).toEqual(['src/ring/a.ts -> src/ring/b.ts -> src/ring/c.ts -> src/ring/a.ts']);
  });

  it('counts a lazy import() as an edge, and marks it', async () => {
    const cycles = await cyclesIn({
      'src/host.ts': "export const load = () => import('./bundle');\nexport const name = 'host';",
      'src/bundle.ts': "import { name } from './host';\nexport const greet = () => name;",
    });
    expect(cycles).toEqual(['src/bundle.ts -> src/host.ts -import()-> src/bundle.ts']);
  });

  it('does not count type-only imports, which load nothing', async () => {
    const cycles = await cyclesIn({
      'src/store.ts': "import type { Upkeep } from './upkeep';\nexport class Store { u?: Upkeep; }",
      'src/upkeep.ts':
        "import { Store } from './store';\nexport type Upkeep = { s: Store };\nexport const make = () => new Store();",
      // Under verbatimModuleSyntax `import { type X }` alone still loads its module (it is kept as
      // `import {} from`), so these two do form a ring, as they would in the build.
      'src/other.ts':
        "import { type Later } from './later';\nexport type Other = { l?: Later };\nexport const other = 1;",
      'src/later.ts': "import { other } from './other';\nexport type Later = number;\nexport const later = other;",
    });
    expect(cycles).toEqual(['src/later.ts -> src/other.ts -> src/later.ts']);
  });

  it('names a shortest cycle through each import of a tangle, and a file that imports itself', async () => {
    const cycles = await cyclesIn({
      'src/hub.ts': "import './left';\nimport './right';\nexport const hub = 1;",
      'src/left.ts': "import './hub';",
      'src/right.ts': "import './far';",
      'src/far.ts': "import './hub';",
      'src/self.ts': "import './self';",
    });
    expect(cycles).toEqual([
      'src/far.ts -> src/hub.ts -> src/right.ts -> src/far.ts',
      'src/hub.ts -> src/left.ts -> src/hub.ts',
      'src/self.ts -> src/self.ts',
    ]);
  });

  it('leaves out tests, and says [] for a graph without a cycle', async () => {
    const cycles = await cyclesIn({
      'src/a.ts': "import { b } from './b';\nexport const a = b;",
      'src/b.ts': 'export const b = 1;',
      'src/a.test.ts': "import { a } from './a';\nexport const t = a;",
      'src/b.ts.test.ts': "import './a.test';",
      'src/b.test.tsx': "import './b.test';",
    });
    expect(cycles).toEqual([]);
  });

  it('fails with the reason on a source file that does not parse or an import that does not resolve', async () => {
    await expect(cyclesIn({ 'src/a.ts': "import { x } from './missing';\nexport const a = x;" })).rejects.toThrow(
      /missing/,
    );
    await expect(cyclesIn({ 'src/a.ts': 'export const = ;' })).rejects.toThrow(/src\/a\.ts/);
  });

  it('fails on a package with no source, rather than finding nothing', async () => {
    await expect(cyclesIn({ 'src/a.test.ts': 'export {};' })).rejects.toThrow(/no source files under/);
  });
});

describe('testKitImports', () => {
  it('names each source file (a bench left in src/ too) that loads the test kit, but not the tests', async () => {
    const graph = await readSourceGraph(
      await scratchPackage({
        'src/round.bench.ts':
          "import { startFakeProxy } from '@roundtable/testkit';\nexport const go = startFakeProxy;",
        'src/lazy.ts': "export const cli = () => import('@roundtable/testkit/cli');",
        'src/typed.ts': "import type { FakeProxy } from '@roundtable/testkit';\nexport type P = FakeProxy;",
        'src/fine.ts':
          "import { z } from 'zod';\nimport { x } from '@roundtable/testkitten';\nexport const y = [z, x];",
        'src/fine.test.ts': "import { startFakeProxy } from '@roundtable/testkit';\nexport const go = startFakeProxy;",
      }),
    );
    expect(testKitImports(graph)).toEqual([
      'src/lazy.ts imports @roundtable/testkit/cli',
      'src/round.bench.ts imports @roundtable/testkit',
    ]);
  });
});
