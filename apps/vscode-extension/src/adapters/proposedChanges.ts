import type { IntentResult } from '@roundtable/core/orchestrator/result';
import type { ProposedChange } from '@roundtable/core/protocol/webviewToHost';
import * as vscode from 'vscode';
import { changedSince, type PlannedFile, plan } from './changePlan';

/** The scheme of the read-only documents that hold a file as a reply's change would leave it. */
const SCHEME = 'roundtable-change';
/** The proposed texts by document URI, newest last; a few kept (each a whole file). */
const proposals = new Map<string, string>();
const KEPT = 20;
/** The provider of those documents, registered with the first one and kept for the window's life. */
let registered = false;
let serial = 0;

/**
 * "Review change": VS Code's diff editor for each file a block changes, between the file as it is now (unsaved edits
 * included; a renamed file's old one) and a read-only document holding it as the block would leave it. A block that
 * is a part of its file is shown in place of the whole file, and titled so. Nothing is written.
 */
export async function reviewProposedChange(change: ProposedChange): Promise<IntentResult> {
  const planned = await plan(change);
  if (!planned.ok) return planned;
  for (const file of planned.value) {
    const current = file.before === undefined ? proposed(file.path, '') : (file.from?.uri ?? file.uri);
    const title = `${named(file)} ↔ proposed ${file.part === undefined ? 'change' : 'part'}`;
    await showDiff(current, proposed(file.path, file.after ?? ''), title, planned.value);
  }
  return { ok: true };
}

/**
 * "Apply": the whole change as one workspace edit (one undo step), or nothing when any hunk of any file does not
 * apply, when the block is a part of the file it names (then Insert at Cursor and Review change are offered), or
 * when a file changed between reading it and writing it. Changed files are left unsaved and the first is shown; a
 * new file is created, a deleted one deleted, a renamed one renamed (then changed at its new path). A block naming
 * its file replaces the file's whole text (or creates it).
 */
export async function applyProposedChange(change: ProposedChange): Promise<IntentResult> {
  const planned = await plan(change);
  if (!planned.ok) return planned;
  const part = planned.value.find((f) => f.part !== undefined);
  if (part) {
    return {
      ok: false,
      reason:
        `${part.path} was not replaced: the block looks like a part of it, not the whole file (${part.part}). ` +
        'Select what it replaces and Insert at Cursor, or Review it.',
      action: { kind: 'insertOrReview' },
    };
  }
  const files = planned.value.filter((f) => f.before !== f.after || f.from);
  if (files.length === 0) {
    return { ok: true, notice: `${planned.value.map((f) => f.path).join(', ')} already reads as proposed.` };
  }
  // From here to `applyEdit`, no `await`: the edit is made to the documents as they were read.
  const changed = changedSince(files);
  if (changed.length > 0) {
    return {
      ok: false,
      reason: `${changed.join(', ')} changed while the change was being applied, so nothing was written. Apply again to apply it to the file as it is now.`,
    };
  }
  const edit = new vscode.WorkspaceEdit();
  for (const file of files) addTo(edit, file);
  // Not a refactoring: VS Code saves the files a refactoring touched by itself (`files.refactoring.autoSave`), and a
  // proposed change is for the user to read, then save.
  if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    return {
      ok: false,
      reason: 'VS Code did not apply the change (a file may have changed meanwhile); nothing was written.',
    };
  }
  const shown = files.find((f) => f.after !== undefined);
  if (shown) await vscode.window.showTextDocument(shown.uri, { preview: false });
  const count = files.length;
  const first = files[0];
  return {
    ok: true,
    notice: `Applied to ${count === 1 && first ? named(first) : `${count} files`}: review, then save (Undo reverts it).`,
  };
}

/** One file's part of the edit. A renamed file is moved first, then its text replaced at its new path. */
function addTo(edit: vscode.WorkspaceEdit, file: PlannedFile): void {
  if (file.after === undefined) {
    edit.deleteFile(file.uri);
    return;
  }
  if (file.before === undefined) {
    edit.createFile(file.uri, { ignoreIfExists: false });
    edit.insert(file.uri, new vscode.Position(0, 0), file.after);
    return;
  }
  if (file.from) edit.renameFile(file.from.uri, file.uri, { overwrite: false });
  const document = file.read?.document;
  if (document && file.after !== file.before) {
    const whole = document.validateRange(new vscode.Range(0, 0, document.lineCount + 1, 0));
    edit.replace(file.uri, whole, file.after);
  }
}

/** A file as a title names it: its path, after its old one when it is renamed. */
function named(file: PlannedFile): string {
  return file.from ? `${file.from.path} → ${file.path}` : file.path;
}

/** A read-only document holding `text`, named after the file (so it gets the file's language). */
export function proposed(path: string, text: string): vscode.Uri {
  if (!registered) {
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      provideTextDocumentContent: (uri) => proposals.get(uri.toString()) ?? '',
    });
    registered = true;
  }
  const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${path}`, query: String(++serial) });
  proposals.set(uri.toString(), text);
  for (const oldest of proposals.keys()) {
    if (proposals.size <= KEPT) break;
    proposals.delete(oldest);
  }
  return uri;
}

/** VS Code's diff editor; one file's opens as a preview, several stay open side by side. */
export async function showDiff(left: vscode.Uri, right: vscode.Uri, title: string, all: readonly unknown[]) {
  await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: all.length === 1 });
}
