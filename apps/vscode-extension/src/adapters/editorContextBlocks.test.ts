import { describe, expect, test } from 'vitest';
import { type EditorLike, fileBlock, selectionBlocks } from './editorContextBlocks';

const LINES = ['line one', 'line two', 'line three', 'line four'];

function editor(selections: EditorLike['selections'], languageId = 'typescript'): EditorLike {
  const text = LINES.join('\n');
  const offset = (p: { line: number; character: number }) =>
    LINES.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return {
    path: 'src/lines.ts',
    languageId,
    text: (range) => (range ? text.slice(offset(range.start), offset(range.end)) : text),
    selections,
  };
}
const at = (line: number, character: number) => ({ line, character });

describe('the context "Add Selection to Chat" adds', () => {
  test('a selection, with its 1-based lines and its text', () => {
    expect(selectionBlocks(editor([{ start: at(1, 5), end: at(2, 4) }]))).toEqual([
      { kind: 'selection', path: 'src/lines.ts', range: [2, 3], content: 'two\nline', language: 'typescript' },
    ]);
  });

  test('whole lines selected up to the start of the next do not count that next line', () => {
    expect(selectionBlocks(editor([{ start: at(0, 0), end: at(2, 0) }]))[0]?.range).toEqual([1, 2]);
  });

  test('several selections, in document order; empty ones are ignored', () => {
    const blocks = selectionBlocks(
      editor([
        { start: at(3, 0), end: at(3, 4) },
        { start: at(1, 1), end: at(1, 1) },
        { start: at(0, 0), end: at(0, 4) },
      ]),
    );
    expect(blocks.map((b) => [b.range, b.content])).toEqual([
      [[1, 1], 'line'],
      [[4, 4], 'line'],
    ]);
  });

  test('nothing selected: the whole file', () => {
    expect(selectionBlocks(editor([{ start: at(2, 3), end: at(2, 3) }]))).toEqual([
      { kind: 'file', path: 'src/lines.ts', content: LINES.join('\n'), language: 'typescript' },
    ]);
  });

  test('plain text carries no language', () => {
    expect(fileBlock(editor([], 'plaintext'))).toEqual({
      kind: 'file',
      path: 'src/lines.ts',
      content: LINES.join('\n'),
    });
  });
});
