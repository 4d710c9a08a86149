import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The page loads code later one way: `lazyModule(what, () => import('./chunk'))`, which tries a failed load again,
// forgets one that kept failing and logs it by name. So every `import()` of the page's code is the importer of a
// `lazyModule`, and each lazy chunk of the build is one of those (what the size budgets list, one line each).

const src = join(import.meta.dirname, '..');

/** The `import()` calls in `source` that are not the whole body of the importer passed to `lazyModule`. */
function strayImports(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const stray: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const importer = node.parent;
      const call = importer.parent;
      const viaLazyModule =
        ts.isArrowFunction(importer) &&
        importer.body === node &&
        ts.isCallExpression(call) &&
        ts.isIdentifier(call.expression) &&
        call.expression.text === 'lazyModule' &&
        call.arguments[1] === importer;
      if (!viaLazyModule) stray.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.pos).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return stray;
}

/** The page's own source files: not tests, not the test helpers. */
function sourceFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((name) => name.replaceAll('\\', '/'))
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('testing/'));
}

describe('loading code later', () => {
  it('finds an import() that does not go through lazyModule', () => {
    const source = [
      "export const a = lazyModule('a', () => import('./a'));",
      "export const b = () => import('./b');",
      "export const c = lazyModule('c', () => import('./c').then((m) => m.c));",
      "type D = typeof import('./d');",
    ].join('\n');
    expect(strayImports('x.ts', source)).toEqual(['x.ts:2', 'x.ts:3']);
  });

  it('goes through lazyModule everywhere in the page', () => {
    const files = sourceFiles();
    expect(files).toContain('main.tsx');
    expect(files.flatMap((name) => strayImports(name, readFileSync(join(src, name), 'utf8')))).toEqual([]);
  });
});
