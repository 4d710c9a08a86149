import { MAX_CONTEXT_BLOCK_CHARS } from '@roundtable/core/protocol';
import { describe, expect, test } from 'vitest';
import { problemsBlock as cappedAt, isWorkspacePath, type Problem, problemLine } from './problemsBlock';

/** At the pending context's limit, as the command calls it, unless a test sets a smaller one. */
const problemsBlock = (place: string, problems: readonly Problem[], max = MAX_CONTEXT_BLOCK_CHARS) =>
  cappedAt(place, problems, max);

const problem = (path: string, line: number, severity: number, message = 'bad', extra: Partial<Problem> = {}) => ({
  path,
  line,
  character: 0,
  severity,
  message,
  ...extra,
});

describe('the editor’s problems as a context block', () => {
  test('one line each, errors first, then warnings, then information and hints, by path and position', () => {
    const block = problemsBlock('.', [
      problem('src/b.ts', 9, 1, 'unused'),
      problem('src/b.ts', 2, 3, 'could be const'),
      problem('src/a.ts', 4, 2, 'deprecated'),
      problem('src/b.ts', 2, 0, 'type mismatch', { character: 7, source: 'ts', code: 2322 }),
      problem('src/a.ts', 40, 0, 'missing name', { source: 'ts' }),
      problem('src/a.ts', 40, 0, 'first on the line'),
    ]);
    expect(block).toEqual({
      kind: 'problems',
      path: '.',
      content: [
        'src/a.ts:41:1 error: missing name [ts]',
        'src/a.ts:41:1 error: first on the line',
        'src/b.ts:3:8 error: type mismatch [ts 2322]',
        'src/b.ts:10:1 warning: unused',
        'src/a.ts:5:1 info: deprecated',
        'src/b.ts:3:1 hint: could be const',
        '',
      ].join('\n'),
    });
  });

  test('is nothing when there is no problem', () => {
    expect(problemsBlock('src/a.ts', [])).toBeUndefined();
  });

  test('a message over several lines, CRLF or not, stays one line', () => {
    const line = problemLine(
      problem('a.ts', 0, 0, "Type 'string' is not assignable to type 'number'.\r\n  Property 'x' is missing.\n", {
        source: 'ts',
        code: '2322',
      }),
    );
    expect(line).toBe(
      "a.ts:1:1 error: Type 'string' is not assignable to type 'number'. Property 'x' is missing. [ts 2322]",
    );
  });

  test('a code alone is shown, an empty source is not, an unknown severity reads as info', () => {
    expect(problemLine(problem('a.json', 2, 0, 'Trailing comma', { source: '', code: 519 }))).toBe(
      'a.json:3:1 error: Trailing comma [519]',
    );
    expect(problemLine(problem('a.md', 0, 7, 'odd'))).toBe('a.md:1:1 info: odd');
  });

  test('leaves out problems in files outside the workspace, and says how many', () => {
    const block = problemsBlock('.', [
      problem('/home/me/.config/app.json', 0, 0),
      problem('C:\\Users\\me\\x.ts', 0, 0),
      problem('../sibling/y.ts', 0, 0),
      problem('src/in.ts', 0, 0),
    ]);
    expect(block?.content).toBe('src/in.ts:1:1 error: bad\n… 3 problems in files outside the workspace left out\n');
    expect(problemsBlock('.', [problem('/etc/hosts', 0, 0)])).toBeUndefined();
  });

  test('over the cap, keeps whole lines, the most severe, and counts the rest', () => {
    const problems = Array.from({ length: 1_000 }, (_, i) =>
      problem(`src/file${String(i).padStart(4, '0')}.ts`, i, i < 10 ? 0 : 1, `problem number ${i}`),
    );
    const content = problemsBlock('.', problems, 3_000)?.content ?? '';
    expect(content.length).toBeLessThanOrEqual(3_000);
    const lines = content.split('\n').slice(0, -1);
    expect(lines.slice(0, 10).every((line) => line.includes(' error: '))).toBe(true);
    expect(
      lines.slice(0, -1).every((line) => /^src\/file\d{4}\.ts:\d+:1 (error|warning): problem number \d+$/.test(line)),
    ).toBe(true);
    expect(lines.at(-1)).toBe(`… ${1_000 - (lines.length - 1)} more problems left out`);
  });
});

describe('a workspace-relative path', () => {
  test.each([
    ['src/a.ts', true],
    ['a b/c.ts', true],
    ['..hidden/x', true],
    ['', false],
    ['/abs/a.ts', false],
    ['\\\\server\\share\\a.ts', false],
    ['C:\\work\\a.ts', false],
    ['~/a.ts', false],
    ['src/../../a.ts', false],
    ['..\\a.ts', false],
  ])('%s: %s', (path, expected) => {
    expect(isWorkspacePath(path)).toBe(expected);
  });
});
