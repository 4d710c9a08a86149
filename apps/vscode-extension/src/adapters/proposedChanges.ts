import type { IntentResult } from '@roundtable/core';
import { applyFileChange, parseProposedChange, workspacePath } from '@roundtable/core/patches';
import * as vscode from 'vscode';

/** The scheme of the read-only documents that hold a file as a reply's diff would leave it. */
const SCHEME = 'roundtable-change';
/** The proposed texts by document URI, newest last; a few kept (each a whole file). */
const proposals = new Map<string, string>();
const KEPT = 20;
/** The provider of those documents, registered with the first review and kept for the window's life. */
let registered = false;
let serial = 0;

/** One file a diff changes: where, its text now (undefined: it does not exist) and after (undefined: deleted). */
interface PlannedFile {
  uri: vscode.Uri;
  path: string;
  before: string | undefined;
  after: string | undefined;
}

/**
 * "Review change": VS Code's diff editor for each file of a reply's diff, between the file as it is now (unsaved edits
 * included) and a read-only document holding it as the diff would leave it. Nothing is written.
 */
export async function reviewProposedChange(diff: string): Promise<IntentResult> {
  const planned = await plan(diff);
  if (!planned.ok) return planned;
  if (!registered) {
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      provideTextDocumentContent: (uri) => proposals.get(uri.toString()) ?? '',
    });
    registered = true;
  }
  for (const file of planned.files) {
    const id = String(++serial);
    const proposed = keep(vscode.Uri.from({ scheme: SCHEME, path: `/${file.path}`, query: id }), file.after ?? '');
    const current =
      file.before === undefined
        ? keep(vscode.Uri.from({ scheme: SCHEME, path: `/${file.path}`, query: `${id}-none` }), '')
        : file.uri;
    await vscode.commands.executeCommand('vscode.diff', current, proposed, `${file.path} ↔ proposed change`, {
      preview: planned.files.length === 1,
    });
  }
  return { ok: true };
}

/**
 * "Apply": the whole diff as one workspace edit (one undo step), or nothing when any hunk of any file does not apply.
 * Changed files are left unsaved and the first is shown; a new file is created, a deleted one deleted.
 */
export async function applyProposedChange(diff: string): Promise<IntentResult> {
  const planned = await plan(diff);
  if (!planned.ok) return planned;
  const edit = new vscode.WorkspaceEdit();
  for (const file of planned.files) {
    if (file.after === undefined) edit.deleteFile(file.uri);
    else if (file.before === undefined) {
      edit.createFile(file.uri, { ignoreIfExists: false });
      edit.insert(file.uri, new vscode.Position(0, 0), file.after);
    } else {
      const document = await vscode.workspace.openTextDocument(file.uri);
      const whole = document.validateRange(new vscode.Range(0, 0, document.lineCount + 1, 0));
      edit.replace(file.uri, whole, file.after);
    }
  }
  // Not a refactoring: VS Code saves the files a refactoring touched by itself (`files.refactoring.autoSave`), and a
  // proposed change is for the user to read, then save.
  if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    return {
      ok: false,
      reason: 'VS Code did not apply the change (a file may have changed meanwhile); nothing was written.',
    };
  }
  const shown = planned.files.find((f) => f.after !== undefined);
  if (shown) await vscode.window.showTextDocument(shown.uri, { preview: false });
  const count = planned.files.length;
  return {
    ok: true,
    notice: `Applied to ${count === 1 ? planned.files[0]?.path : `${count} files`}: review, then save (Undo reverts it).`,
  };
}

/** Each file of the diff resolved in the workspace and applied in memory; or every reason it cannot be. */
async function plan(diff: string): Promise<{ ok: true; files: PlannedFile[] } | { ok: false; reason: string }> {
  const parsed = parseProposedChange(diff);
  if (!parsed.ok) return parsed;
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return { ok: false, reason: 'Open a folder first: a change is applied to the files of the workspace.' };
  const failures: string[] = [];
  const files: PlannedFile[] = [];
  for (const change of parsed.files) {
    if (change.oldPath && change.newPath && change.oldPath !== change.newPath) {
      failures.push(`${change.oldPath} → ${change.newPath}: a renamed file cannot be applied yet.`);
      continue;
    }
    const where = workspacePath(change.newPath ?? change.oldPath ?? '');
    if (!where.ok) {
      failures.push(where.reason);
      continue;
    }
    const uri = vscode.Uri.joinPath(folder.uri, ...where.path.split('/'));
    const before = await currentText(uri);
    const applied = applyFileChange(before, change);
    if (applied.ok) files.push({ uri, path: where.path, before, after: applied.text });
    else failures.push(...applied.failures.map((f) => `${where.path}: ${f}`));
  }
  if (failures.length > 0)
    return { ok: false, reason: `The change does not apply, so nothing was written. ${failures.join(' ')}` };
  return { ok: true, files };
}

/** The file's text as the editor has it (unsaved edits included), or from disk; undefined when there is no file. */
async function currentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

function keep(uri: vscode.Uri, text: string): vscode.Uri {
  proposals.set(uri.toString(), text);
  for (const oldest of proposals.keys()) {
    if (proposals.size <= KEPT) break;
    proposals.delete(oldest);
  }
  return uri;
}
