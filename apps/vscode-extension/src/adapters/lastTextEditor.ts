import * as vscode from 'vscode';

/**
 * The text editor the user used last. `activeTextEditor` is undefined while a chat panel has the focus (a webview
 * is no text editor), which is exactly when Insert at Cursor is clicked there, so the last one is remembered.
 */
export function trackLastTextEditor(): { current: () => vscode.TextEditor | undefined } & vscode.Disposable {
  let last = vscode.window.activeTextEditor;
  const listener = vscode.window.onDidChangeActiveTextEditor((editor) => {
    if (editor) last = editor;
  });
  return {
    current: () => {
      if (last && !last.document.isClosed) return last;
      return vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
    },
    dispose: () => listener.dispose(),
  };
}

/** Replaces every selection (an empty one is the cursor) of the editor with `code`, and shows the editor. */
export async function insertAtCursor(editor: vscode.TextEditor | undefined, code: string): Promise<boolean> {
  if (!editor) return false;
  const shown = await vscode.window.showTextDocument(editor.document, editor.viewColumn);
  return shown.edit((edit) => {
    for (const selection of shown.selections) edit.replace(selection, code);
  });
}
