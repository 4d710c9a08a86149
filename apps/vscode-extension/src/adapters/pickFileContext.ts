import * as vscode from 'vscode';
import { type FileContext, fileContextBlock } from './fileContextBlock';

/** The most files the picker lists (a workspace can hold far more; typing narrows the list). */
const MAX_LISTED = 5_000;
/** What the picker never lists: dependencies, version control and build output. */
const EXCLUDED = '**/{node_modules,.git,dist,out,build,.next,target}/**';

/**
 * "Add File to Chat…": the file the user right-clicked in the Explorer, or one picked from the workspace's files (a
 * quick pick that matches on the path, keyboard and screen-reader friendly as VS Code's own), read as a context block.
 * Undefined when the user picked nothing.
 */
export async function pickFileContext(uri?: vscode.Uri): Promise<FileContext | undefined> {
  const target = uri ?? (await pickWorkspaceFile());
  if (!target) return undefined;
  const path = vscode.workspace.asRelativePath(target, false);
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(target);
  } catch (error) {
    return { ok: false, reason: `${path} could not be read: ${(error as Error).message}` };
  }
  const context = fileContextBlock(path, bytes);
  if (!context.ok) return context;
  // VS Code's own language for the file (the user's file associations included), for the fence.
  const languageId = await vscode.workspace.openTextDocument(target).then(
    (document) => document.languageId,
    () => undefined,
  );
  return fileContextBlock(path, bytes, languageId);
}

async function pickWorkspaceFile(): Promise<vscode.Uri | undefined> {
  if (!vscode.workspace.workspaceFolders?.length) {
    void vscode.window.showWarningMessage('Roundtable: open a folder to add its files to the chat.');
    return undefined;
  }
  const files = await vscode.workspace.findFiles('**/*', EXCLUDED, MAX_LISTED);
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
