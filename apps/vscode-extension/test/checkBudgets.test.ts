import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { SideBudgets } from '../../../budgets';
import { checkSide } from '../../../size/checkBudgets';
import type { ChunkGraph } from '../../../size/readChunkGraph';

// The budget check over a small build of files on disk: an entry, a shared chunk it imports, two lazy features.
const folder = mkdtempSync(join(tmpdir(), 'roundtable-budgets-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = (name: string, bytes: number) => writeFileSync(join(folder, name), 'x'.repeat(bytes));
file('entry.js', 1000);
file('shared.js', 500);
file('turn.js', 300);
file('tools.js', 200);

const graph: ChunkGraph = {
  chunks: {
    'entry.js': {
      entry: true,
      source: 'src/entry.ts',
      imports: ['shared.js'],
      dynamicImports: ['turn.js', 'tools.js'],
      modules: ['src/entry.ts'],
    },
    'shared.js': { imports: [], dynamicImports: [], modules: ['src/shared.ts'] },
    'turn.js': { source: 'src/turn.ts', imports: ['shared.js'], dynamicImports: [], modules: ['src/turn.ts'] },
    'tools.js': { source: 'src/tools.ts', imports: [], dynamicImports: [], modules: ['src/tools.ts'] },
  },
};
const roomy = { raw: 10_000, gzip: 10_000 };
const budgets = (over: Partial<SideBudgets> = {}): SideBudgets => ({
  entry: 'src/entry.ts',
  moments: { 'first state': { loads: [], ...roomy }, 'first turn': { loads: ['src/turn.ts'], ...roomy } },
  features: { 'src/turn.ts': roomy, 'src/tools.ts': roomy },
  ...over,
});

describe('checkSide', () => {
  test('sums a moment’s chunks once each, and a feature’s beyond the entry’s', () => {
    const { rows, problems } = checkSide('host', budgets(), graph, folder);
    expect(problems).toEqual([]);
    const raw = (name: string) => rows.find((r) => r.name === name)?.raw;
    expect(raw('first state')).toBe(1500);
    expect(raw('first turn')).toBe(1800);
    expect(raw('src/turn.ts')).toBe(300);
  });

  test('`after` holds in turn: a feature after one that is itself after another is charged for neither’s files', () => {
    file('turnOnly.js', 400);
    file('upkeep.js', 150);
    file('compaction.js', 120);
    const chunk = (c: Partial<ChunkGraph['chunks'][string]> & { modules: string[] }) => ({
      imports: [],
      dynamicImports: [],
      ...c,
    });
    const chain: ChunkGraph = {
      chunks: {
        'entry.js': chunk({
          entry: true,
          source: 'src/entry.ts',
          imports: ['shared.js'],
          dynamicImports: ['turn.js'],
          modules: ['src/entry.ts'],
        }),
        'shared.js': chunk({ modules: ['src/shared.ts'] }),
        // The thread code: it imports a chunk of its own, and loads the upkeep.
        'turn.js': chunk({
          source: 'src/turn.ts',
          imports: ['turnOnly.js'],
          dynamicImports: ['upkeep.js'],
          modules: ['src/turn.ts'],
        }),
        'turnOnly.js': chunk({ modules: ['src/turnOnly.ts'] }),
        'upkeep.js': chunk({ source: 'src/upkeep.ts', dynamicImports: ['compaction.js'], modules: ['src/upkeep.ts'] }),
        // The compaction imports the thread code's own chunk too: that was loaded two features before it.
        'compaction.js': chunk({
          source: 'src/compaction.ts',
          imports: ['turnOnly.js'],
          modules: ['src/compaction.ts'],
        }),
      },
    };
    const lines = budgets({
      moments: {},
      features: {
        'src/turn.ts': roomy,
        'src/upkeep.ts': { ...roomy, after: ['src/turn.ts'] },
        'src/compaction.ts': { ...roomy, after: ['src/upkeep.ts'] },
      },
    });
    const { rows, problems } = checkSide('host', lines, chain, folder);
    expect(problems).toEqual([]);
    expect(rows.find((r) => r.name === 'src/compaction.ts')?.raw).toBe(120);
  });

  test('names a moment over its budget, by a single byte', () => {
    const tight = budgets({ moments: { 'first state': { loads: [], raw: 1499, gzip: 10_000 } } });
    expect(checkSide('host', tight, graph, folder).problems).toEqual([
      'host moment "first state": 1500 B, over its 1499 B',
    ]);
  });

  test('a feature that comes after another is charged for what it adds to both, and only when nothing else imports it', () => {
    const chained: ChunkGraph = {
      chunks: {
        ...graph.chunks,
        'entry.js': { ...(graph.chunks['entry.js'] as ChunkGraph['chunks'][string]), dynamicImports: ['turn.js'] },
        'turn.js': { ...(graph.chunks['turn.js'] as ChunkGraph['chunks'][string]), dynamicImports: ['tools.js'] },
        'tools.js': { ...(graph.chunks['tools.js'] as ChunkGraph['chunks'][string]), imports: ['shared.js'] },
      },
    };
    const after = budgets({ features: { 'src/turn.ts': roomy, 'src/tools.ts': { ...roomy, after: ['src/turn.ts'] } } });
    const { rows, problems } = checkSide('host', after, chained, folder);
    expect(problems).toEqual([]);
    expect(rows.find((r) => r.name === 'src/tools.ts')?.raw).toBe(200);
    // Imported by the entry as well, it may load first: the claim is refused, and the line charged for it all.
    const both: ChunkGraph = {
      chunks: {
        ...chained.chunks,
        'entry.js': { ...(graph.chunks['entry.js'] as ChunkGraph['chunks'][string]) },
      },
    };
    expect(checkSide('host', after, both, folder).problems).toEqual([
      'host feature "src/tools.ts" is not always after src/turn.ts: it is also imported from entry.js',
    ]);
  });

  test('names a lazy chunk with no line, and a module two chunks hold', () => {
    const noTools = budgets({ features: { 'src/turn.ts': roomy } });
    const twice: ChunkGraph = {
      chunks: {
        ...graph.chunks,
        'tools.js': {
          ...(graph.chunks['tools.js'] as ChunkGraph['chunks'][string]),
          modules: ['src/tools.ts', 'src/shared.ts'],
        },
      },
    };
    expect(checkSide('host', noTools, twice, folder).problems).toEqual([
      'host: src/tools.ts is loaded by an import() and has no budget line',
      'host: src/shared.ts is in shared.js and tools.js',
    ]);
  });
});
