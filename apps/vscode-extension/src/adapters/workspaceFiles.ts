import type { DisposableStore } from '@roundtable/core/base/lifecycle';
import { windowsNameProblem } from '@roundtable/core/patches/windowsNames';
import { workspacePath } from '@roundtable/core/patches/workspacePath';
import * as vscode from 'vscode';
import { type FileContext, fileContextBlock } from './fileContextBlock';
import { WorkspaceFileIndex } from './WorkspaceFileIndex';

// The workspace's files as "Add File to Chat…" and the composer's `#` list offer them, and how either reads one.

/** The most files listed (a workspace can hold far more; typing narrows the list). */
const MAX_LISTED = 5_000;
/** Folders never listed: dependencies, version control and build output. */
const EXCLUDED_FOLDERS = ['node_modules', '.git', 'dist', 'out', 'build', '.next', 'target'];
const EXCLUDED = `**/{${EXCLUDED_FOLDERS.join(',')}}/**`;

/** The workspace's files, at most `MAX_LISTED`, none inside an excluded folder. */
export function listWorkspaceFiles(): Thenable<vscode.Uri[]> {
  return vscode.workspace.findFiles('**/*', EXCLUDED, MAX_LISTED);
}

/** Whether a workspace-relative path lies inside an excluded folder (the glob's rule, for watcher events). */
export function isExcluded(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((folder) => EXCLUDED_FOLDERS.includes(folder));
}

/** A file of the workspace as a context block, or why not (unreadable, binary); its path as the chip shows it. */
export async function readFileContext(target: vscode.Uri): Promise<FileContext> {
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

/**
 * A file the page names by a path the `#` list gave it, read as "Add File to Chat…" reads it. The page is not
 * trusted with paths: one that is absolute or climbs out with `..` (on Windows, also `.. `, which Windows reads as
 * `..`) is refused (`workspacePath`'s rule), and one that names no file in a workspace folder is refused too (it may
 * have been deleted since it was listed).
 */
export async function readWorkspaceFile(path: string): Promise<FileContext> {
  const where = workspacePath(path, process.platform === 'win32' ? windowsNameProblem : undefined);
  if (!where.ok) return where;
  const uri = await fileInWorkspace(where.path);
  return uri ? readFileContext(uri) : { ok: false, reason: `${where.path} is not a file in the workspace.` };
}

/**
 * The file a listed path names. With several folders open, a listed path starts with its folder's name (as
 * `asRelativePath` writes it); with one, it is relative to that folder.
 */
async function fileInWorkspace(path: string): Promise<vscode.Uri | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const inFolder = path.startsWith(`${folder.name}/`) ? [path.slice(folder.name.length + 1)] : [];
    for (const relative of [path, ...inFolder]) {
      const uri = vscode.Uri.joinPath(folder.uri, relative);
      const stat = await vscode.workspace.fs.stat(uri).then(
        (s) => s,
        () => undefined,
      );
      if (stat && stat.type & vscode.FileType.File) return uri;
    }
  }
  return undefined;
}

/** The `#` list's index over this workspace, owned by `owner` (its watcher goes when the extension does). */
export function workspaceFileIndex(owner: DisposableStore): WorkspaceFileIndex {
  return owner.add(
    new WorkspaceFileIndex({
      // With several folders open, a path starts with its folder's name (`asRelativePath`'s default), so two
      // folders' `src/index.ts` stay apart.
      list: async () => (await listWorkspaceFiles()).map((uri) => vscode.workspace.asRelativePath(uri)),
      watch: (changed) => {
        // Created and deleted files only: a save changes no name. Churn inside excluded folders changes no listing.
        const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
        const onEvent = (uri: vscode.Uri) => {
          if (!isExcluded(vscode.workspace.asRelativePath(uri, false))) changed();
        };
        return vscode.Disposable.from(
          watcher,
          watcher.onDidCreate(onEvent),
          watcher.onDidDelete(onEvent),
          vscode.workspace.onDidChangeWorkspaceFolders(changed),
        );
      },
    }),
  );
}
