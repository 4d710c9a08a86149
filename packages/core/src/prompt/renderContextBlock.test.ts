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
});
