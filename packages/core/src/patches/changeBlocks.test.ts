import { describe, expect, test } from 'vitest';
import { changeBlocksIn, changedFiles, diffFiles, fencedBlocks, readChangeBlock } from './changeBlocks';

// Which code blocks of a reply propose a change: a diff, or a block that names its file (its content is the whole
// new file). The rule must fire on the ways models name a file and never on ordinary code.

const CODE = 'export const a = 1;\n';

describe('a block that names its file', () => {
  test.each([
    ['an info attribute', 'ts title="src/a.ts"', CODE, 'src/a.ts'],
    ['a single-quoted attribute', "python filename='app/main.py'", CODE, 'app/main.py'],
    ['a bare attribute', 'ts file=src/a.ts {1,3}', CODE, 'src/a.ts'],
    ['an attribute naming a bare file', 'json path="package.json"', CODE, 'package.json'],
    ['language:path', 'ts:src/a.ts', CODE, 'src/a.ts'],
    ['a path with a folder as the info', 'src/a.ts', CODE, 'src/a.ts'],
    ['./ and a bare name as the info', './a.ts', CODE, './a.ts'],
    ['the word after the language', 'ts src/a.ts', CODE, 'src/a.ts'],
    ['a bare name in its own language', 'typescript a.ts', CODE, 'a.ts'],
    ['a dotfile folder', 'yaml .github/workflows/ci.yml', CODE, '.github/workflows/ci.yml'],
  ])('%s: ```%s', (_, info, code, path) => {
    expect(readChangeBlock(info, code)).toEqual({ kind: 'file', path, content: code });
  });

  test.each([
    ['// src/a.ts', 'ts', 'src/a.ts'],
    ['# src/a.py', 'python', 'src/a.py'],
    ['# main.py', 'py', 'main.py'],
    ['-- db/schema.sql', 'sql', 'db/schema.sql'],
    ['/* styles/a.css */', 'css', 'styles/a.css'],
    ['<!-- a.html -->', 'html', 'a.html'],
    ['// File: src/a.ts', 'ts', 'src/a.ts'],
    ['# path: run.sh', 'bash', 'run.sh'],
    ['// src/a.ts\r', '', 'src/a.ts'],
  ])('a first line %j in a ```%s block', (line, info, path) => {
    const block = readChangeBlock(info, `${line}\n${CODE}`);
    expect(block).toEqual({ kind: 'file', path, content: CODE, label: line.replace(/\r$/, '') });
  });

  test.each([
    ['no info, ordinary code', '', CODE],
    ['a language only', 'ts', CODE],
    ['line numbers and options', 'ts {1,3} showLineNumbers', CODE],
    ['a caption', 'ts title="Retry with backoff"', CODE],
    ['a language tag with a dot', 'vb.net', CODE],
    ['a bare name as the info', 'a.ts', CODE],
    ['a version after the language', 'python 3.11', CODE],
    ['a bare name in another language', 'text README.md', CODE],
    ['a file with no extension', 'make src/Makefile', CODE],
    ['an ordinary comment', 'ts', '// retry three times\nretry(3);\n'],
    ['a property access in a comment', 'js', '// console.log\nx();\n'],
    ['a comment naming a bare file of another language', 'ts', '// config.json\nx();\n'],
    ['a bare name with no language', '', '// a.ts\nx();\n'],
    ['a URL in a comment', 'ts', '// https://example.com/a.ts\nx();\n'],
    ['a shebang', 'sh', '#!/usr/bin/env bash\necho hi\n'],
    ['a preprocessor line', 'c', '#include "a.h"\nint x;\n'],
    ['a CSS selector', 'css', '#main.active\n{ color: red }\n'],
    ['a comment and nothing else', 'ts', '// src/a.ts\n'],
    ['a path on the second line', 'ts', 'x();\n// src/a.ts\n'],
    ['an info string past the limit', `ts ${'x'.repeat(300)} src/a.ts`, CODE],
  ])('not %s', (_, info, code) => {
    expect(readChangeBlock(info, code)).toBeUndefined();
  });
});

describe('a diff block', () => {
  const diff = '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-a\n+b\n';

  test('is a diff whatever it holds, naming the files of its headers', () => {
    expect(readChangeBlock('diff', diff)).toEqual({ kind: 'diff', diff, files: ['src/a.ts'] });
    expect(readChangeBlock('PATCH', 'not a diff')).toEqual({ kind: 'diff', diff: 'not a diff', files: [] });
  });

  test('names new and deleted files, paths in the workspace, each once', () => {
    const text = [
      'diff --git a/x b/x',
      '--- /dev/null',
      '+++ b/new.ts',
      '--- a/./src//old.ts\t2024-01-01',
      '+++ /dev/null',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '--- src/a.ts',
      '+++ src/a.ts',
    ].join('\n');
    expect(diffFiles(text)).toEqual(['new.ts', 'src/old.ts', 'src/a.ts']);
  });

  test('a renamed file is named by its old path and its new one', () => {
    expect(diffFiles('--- a/src/old.ts\n+++ b/src/new.ts\n@@ -1 +1 @@\n-a\n+b\n')).toEqual([
      'src/old.ts',
      'src/new.ts',
    ]);
    const git =
      'diff --git a/old.ts b/new.ts\r\nsimilarity index 100%\r\nrename from old.ts\r\nrename to ./lib/new.ts\r\n';
    expect(diffFiles(git)).toEqual(['old.ts', 'lib/new.ts']);
  });

  test('changedFiles: a named file as a path in the workspace', () => {
    expect(changedFiles({ kind: 'file', path: './src//a.ts', content: '' })).toEqual(['src/a.ts']);
    expect(changedFiles({ kind: 'file', path: '../out.ts', content: '' })).toEqual(['../out.ts']);
  });
});

describe('the fenced blocks of a reply', () => {
  test('backtick and tilde fences, longer closers, indentation taken off, an open block at the end', () => {
    const text = [
      'Intro',
      '```ts title="a.ts"',
      'one',
      '````',
      '  ~~~~ py',
      '  x = "```"',
      '   y',
      '  ~~~~~',
      '```` ```bad',
      'still prose',
      '```',
      'open',
    ].join('\r\n');
    expect(fencedBlocks(text)).toEqual([
      { info: 'ts title="a.ts"', code: 'one\n' },
      { info: 'py', code: 'x = "```"\n y\n' },
      { info: '', code: 'open\n' },
    ]);
  });

  test('changeBlocksIn keeps only the change blocks, in order', () => {
    const text = [
      'Two changes:',
      '```ts',
      'ordinary();',
      '```',
      '```ts src/a.ts',
      CODE.trimEnd(),
      '```',
      '```diff',
      '--- a/b.ts',
      '+++ b/b.ts',
      '```',
    ].join('\n');
    expect(changeBlocksIn(text).map(changedFiles)).toEqual([['src/a.ts'], ['b.ts']]);
    expect(changeBlocksIn('no code here')).toEqual([]);
  });
});
