import { describe, expect, test } from 'vitest';
import { elidedLine, wholeness } from './wholeFile';

// Whether a block that names its file is the whole new file (Apply may replace the file with it) or a part of it a
// model labelled with the path (Apply must not: the rest of the file would be lost). Real shapes of what models write.

/** A TypeScript file of `functions` functions (5 lines each, a blank between), with imports first and exports last. */
function sourceFile(functions: number, body = (i: number) => `  return ${i};`): string {
  const lines = ["import { readFile } from 'node:fs/promises';", "import { join } from 'node:path';", ''];
  for (let i = 0; i < functions; i++) {
    lines.push(`export function step${i}(input: string): number {`, `  const value = input.length + ${i};`);
    lines.push(body(i), '}', '');
  }
  lines.push('export default step0;');
  return `${lines.join('\n')}\n`;
}

const FILE = sourceFile(80); // 404 lines
const SNIPPET = ['export function step7(input: string): number {', '  const value = input.length + 7;'];
const TWELVE = `${[...SNIPPET, '  if (value > 10) {', '    return value * 2;', '  }', '  return 7;', '}', ''].join('\n')}
export function step8(input: string): number {
  const value = input.length + 8;
  return 8;
}
`;

describe('whole or a part of the file', () => {
  test.each([
    ['a new file', undefined, TWELVE],
    ['a new file with placeholders in its skeleton', undefined, 'export function todo() {\n  // ...\n}\n'],
    ['an empty file', '\n', TWELVE],
    [
      'a full rewrite of similar length, with the file’s own imports',
      FILE,
      sourceFile(80, (i) => `  return ${i * 2};`),
    ],
    ['a rewrite that adds code', FILE, sourceFile(95)],
    ['a rewrite that drops code but keeps the first and last lines', FILE, sourceFile(60)],
    ['a small file replaced by a short block', 'const a = 1;\nconst b = 2;\nconst c = 3;\n', 'const a = 5;\n'],
    [
      'a block 9 lines short of the file and starting elsewhere',
      sourceFile(4),
      sourceFile(4).split('\n').slice(9).join('\n'),
    ],
    ['a file’s own `// ...` comment kept', `// ...\n${FILE}`, `// ...\n${sourceFile(80, () => '  return 0;')}`],
    [
      'a Python stub’s `...` kept',
      'class A:\n    def f(self):\n        ...\n',
      'class A:\n    def f(self):\n        ...\n    x = 1\n',
    ],
    ['a CRLF file rewritten with LF', FILE.replaceAll('\n', '\r\n'), sourceFile(80, () => '  return 1;')],
  ])('whole: %s', (_, current, written) => {
    expect(wholeness(current, written, 'src/steps.ts')).toEqual({ whole: true });
  });

  test.each([
    ['a 12-line snippet against a 400-line file', FILE, TWELVE, 'it has 12 lines where the file has 404'],
    [
      'a snippet saying the rest is unchanged, of the file’s length',
      FILE,
      `${sourceFile(78)}// ... rest of the file unchanged\n`,
      'it marks code as left out: “// ... rest of the file unchanged”',
    ],
    [
      'a method from inside a class, indented throughout',
      'export class A {\n  one() {\n    return 1;\n  }\n}\n',
      '  one() {\n    return 2;\n  }\n',
      'every line of it is indented, as code from inside the file is',
    ],
    [
      'most of the file, from its middle to its end',
      FILE,
      FILE.split('\n').slice(100).join('\n'),
      'it has 304 lines where the file has 404, and does not begin as the file does',
    ],
    [
      'most of the file, from its start to its middle',
      FILE,
      FILE.split('\n').slice(0, 300).join('\n'),
      'it has 300 lines where the file has 404, and does not end as the file does',
    ],
  ])('a part: %s', (_, current, written, reason) => {
    expect(wholeness(current, written, 'src/steps.ts')).toEqual({ whole: false, reason });
  });
});

describe('a line that stands for code left out', () => {
  test.each([
    ['// ...', 'ts'],
    ['// ... rest unchanged', 'ts'],
    ['// ...existing code...', 'ts'],
    ['  /* … */', 'css'],
    ['{/* ... other items ... */}', 'tsx'],
    ['# ... (other methods)', 'py'],
    ['-- rest of the schema stays the same', 'sql'],
    ['<!-- ... -->', 'md'],
    ['// rest of the file', 'ts'],
    ['// Existing code here', 'ts'],
    ['// imports unchanged', 'ts'],
    ['# other handlers remain the same', 'rb'],
    ['// [ ... ]', 'ts'],
    ['...', 'ts'],
    ['…', 'go'],
    ['; the remaining options are as before', 'ini'],
  ])('%j in a .%s file', (line, extension) => {
    expect(elidedLine(`first();\n${line}\nlast();\n`, `a.${extension}`)).toBe(line.trim());
  });

  test.each([
    ['a spread', 'ts', '  ...defaults,'],
    ['a comment about a spread', 'ts', '// ...args are forwarded to the handler'],
    ['a comment that trails off', 'ts', '// Waiting for the server...'],
    [
      'a long comment that happens to say unchanged',
      'ts',
      '// The cache is kept across reloads so the result stays unchanged',
    ],
    ['an ordinary comment', 'ts', '// retry three times'],
    ['a Markdown heading', 'md', '## Other options'],
    ['a Markdown item', 'md', '* unchanged behaviour is the default'],
    ['an ellipsis in code', 'py', 'print("...")'],
    ['a varargs parameter list', 'c', 'int printf(const char *format, ...);'],
  ])('not %s', (_, extension, line) => {
    expect(elidedLine(`first();\n${line}\nlast();\n`, `a.${extension}`)).toBeUndefined();
  });

  test('a line the file has already is the file’s own, not a gap', () => {
    expect(elidedLine('// ...\nx();\n', 'a.ts', new Set(['// ...']))).toBeUndefined();
    expect(elidedLine('// ...\nx();\n// rest unchanged\n', 'a.ts', new Set(['// ...']))).toBe('// rest unchanged');
  });
});
