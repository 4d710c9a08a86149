import type { ContextBlock } from '@roundtable/core/transcript/schema';
import * as vscode from 'vscode';
import { type EditorLike, fileBlock, selectionBlocks } from './editorContextBlocks';

/** An editor as the context blocks need it: its path relative to the workspace, its language and its text. */
function editorLike(editor: vscode.TextEditor): EditorLike {
  const { document } = editor;
  return {
    path: vscode.workspace.asRelativePath(document.uri, false),
    languageId: document.languageId,
    text: (range) =>
      range
        ? document.getText(
            new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character),
          )
        : document.getText(),
    selections: editor.selections.map((s) => ({
      start: { line: s.start.line, character: s.start.character },
      end: { line: s.end.line, character: s.end.character },
    })),
  };
}

/** What "Add Selection to Chat" adds from this editor: its selections, or the whole file when nothing is selected. */
export function editorSelectionContext(editor: vscode.TextEditor): ContextBlock[] {
  return selectionBlocks(editorLike(editor));
}

/** The file in this editor, whole, as the context every message takes along when the user asked for that. */
export function editorFileContext(editor: vscode.TextEditor | undefined): ContextBlock | undefined {
  return editor ? fileBlock(editorLike(editor)) : undefined;
}
