import type { ContextBlock } from '@roundtable/core/transcript/schema';

interface Position {
  line: number;
  character: number;
}

/** The little of a VS Code text editor that context needs (positions 0-based, as VS Code gives them). */
export interface EditorLike {
  /** Relative to the workspace folder when the file is in one. */
  path: string;
  languageId: string;
  /** The text of a range, or of the whole document. */
  text(range?: { start: Position; end: Position }): string;
  selections: readonly { start: Position; end: Position }[];
}

/**
 * One selection block per selection that holds text, in document order, with its 1-based inclusive line range; a
 * selection that ends at the very start of a line does not count that line. With nothing selected, the whole
 * file, so the command always adds what the user is looking at.
 */
export function selectionBlocks(editor: EditorLike): ContextBlock[] {
  const selected = editor.selections
    .filter((s) => s.start.line !== s.end.line || s.start.character !== s.end.character)
    .toSorted((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);
  if (selected.length === 0) return [fileBlock(editor)];
  return selected.map((s) => {
    const first = s.start.line + 1;
    const last = s.end.character === 0 && s.end.line > s.start.line ? s.end.line : s.end.line + 1;
    return {
      kind: 'selection',
      path: editor.path,
      range: [first, last],
      content: editor.text(s),
      ...language(editor),
    };
  });
}

export function fileBlock(editor: EditorLike): ContextBlock {
  return { kind: 'file', path: editor.path, content: editor.text(), ...language(editor) };
}

/** VS Code's language id as the fence's language (`plaintext` says nothing, so it is left out). */
function language(editor: EditorLike): { language?: string } {
  return editor.languageId && editor.languageId !== 'plaintext' ? { language: editor.languageId } : {};
}
