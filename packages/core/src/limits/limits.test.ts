import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as limits from './index';

// The limits are leaves: whatever imports one, from any bundle or chunk, takes a number and nothing else (see
// index.ts). TypeScript's own scanner lists what a file imports: `import` and `import type`, `export … from`,
// `import()` and `require()`, whatever the comments around them say.

const folder = new URL('./', import.meta.url);
const modules = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
const leaves = modules.filter((name) => name !== 'index.ts');

function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

describe('the limits modules', () => {
  it('list what a file imports, of every kind', () => {
    const kinds = [
      "import type { A } from './a';",
      "import './b';",
      "export { c } from './c';",
      "export * from './d';",
      "const e = await import('./e');",
      "const f = require('f');",
    ];
    expect(importsOf(kinds.join('\n'))).toEqual(['./a', './b', './c', './d', './e', 'f']);
    expect(importsOf("// import x from './x'\nexport const X = 1;")).toEqual([]);
  });

  it.each(leaves)('%s imports nothing', (name) => {
    expect(importsOf(readFileSync(new URL(name, folder), 'utf8'))).toEqual([]);
  });

  it('index.ts re-exports every leaf and nothing else', () => {
    const index = readFileSync(new URL('index.ts', folder), 'utf8');
    expect(leaves.length).toBeGreaterThan(0);
    expect(importsOf(index).sort()).toEqual(leaves.map((name) => `./${name.replace(/\.ts$/, '')}`).sort());
    // Nothing but comments and `export * from` lines: no code of its own.
    const code = index
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('//'))
      .filter((line) => !/^export \* from '\.\/[\w]+';$/.test(line));
    expect(code).toEqual([]);
  });

  it('are numbers (or records of numbers) the entry exports', () => {
    for (const [name, value] of Object.entries(limits)) {
      const numbers = typeof value === 'number' ? [value] : Object.values(value);
      expect(
        numbers.every((n) => Number.isSafeInteger(n) && n > 0),
        name,
      ).toBe(true);
    }
    expect(Object.keys(limits)).toContain('MAX_IMAGE_BYTES');
  });
});
