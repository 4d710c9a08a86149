import * as vscode from 'vscode';
import type { FileContext } from './fileContextBlock';
import { listWorkspaceFiles, readFileContext } from './workspaceFiles';

/**
 * "Add File to Chat…": the file the user right-clicked in the Explorer, or one picked from the workspace's files (a
 * quick pick that matches on the path, keyboard and screen-reader friendly as VS Code's own), read as a context block.
 * Undefined when the user picked nothing.
 */
export async function pickFileContext(uri?: vscode.Uri): Promise<FileContext | undefined> {
  const target = uri ?? (await pickWorkspaceFile());
  return target && readFileContext(target);
}

async function pickWorkspaceFile(): Promise<vscode.Uri | undefined> {
  if (!vscode.workspace.workspaceFolders?.length) {
    void vscode.window.showWarningMessage('Roundtable: open a folder to add its files to the chat.');
    return undefined;
  }
  const files = await listWorkspaceFiles();
  const items = files
    .map((uri) => ({ label: vscode.workspace.asRelativePath(uri, false), uri }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Add File to Chat',
    placeHolder: 'Type to find a file of the workspace',
    matchOnDescription: true,
  });
  return picked?.uri;
}
