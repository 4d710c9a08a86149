import { describe, expect, test } from 'vitest';
import { renderContextBlock } from './renderContextBlock';

describe('renderContextBlock', () => {
  test('a selection names its path and lines, and its language opens the fence', () => {
    expect(
      renderContextBlock({ kind: 'selection', path: 'src/a.ts', range: [10, 12], content: 'x();\n', language: 'ts' }),
    ).toBe('Selection: src/a.ts (lines 10-12)\n```ts\nx();\n```');
  });

  test('content without a final newline gets one before the closing fence', () => {
    expect(renderContextBlock({ kind: 'file', path: 'README.md', content: '# Title' })).toBe(
      'File: README.md\n```\n# Title\n```',
    );
  });

  test('an empty file is an empty block, without a blank line in it', () => {
    expect(renderContextBlock({ kind: 'file', path: 'empty.txt', content: '' })).toBe('File: empty.txt\n```\n```');
  });

  test('content holding a fence is wrapped in a longer one, and a language that could break the fence is dropped', () => {
    expect(renderContextBlock({ kind: 'file', path: 'doc.md', content: '````\nx\n````\n', language: 'md` x' })).toBe(
      'File: doc.md\n`````\n````\nx\n````\n`````',
    );
  });

  test("the working tree's changes say which, and where; the workspace's root reads as the workspace", () => {
    const diff = '--- a/x\n+++ b/x\n';
    expect(renderContextBlock({ kind: 'changes', path: '.', scope: 'staged', content: diff, language: 'diff' })).toBe(
      `Staged changes: the workspace\n\`\`\`diff\n${diff}\`\`\``,
    );
    expect(renderContextBlock({ kind: 'changes', path: 'lib', scope: 'all', content: diff })).toMatch(
      /^Changes: lib\n/,
    );
    expect(renderContextBlock({ kind: 'changes', path: 'lib', scope: 'unstaged', content: diff })).toMatch(
      /^Unstaged changes: lib\n/,
    );
  });

  test("problems name the file they are of, or the workspace's", () => {
    expect(renderContextBlock({ kind: 'problems', path: 'src/a.ts', content: 'src/a.ts:3:1 error: x' })).toBe(
      'Problems: src/a.ts\n```\nsrc/a.ts:3:1 error: x\n```',
    );
    expect(renderContextBlock({ kind: 'problems', path: '.', content: '' })).toMatch(/^Problems: the workspace\n/);
  });
});
