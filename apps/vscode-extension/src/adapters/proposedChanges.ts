import type { IntentResult } from '@roundtable/core';
import {
  type AppliedChange,
  applyFileChange,
  type ChangeBlock,
  parseProposedChange,
  readChangeBlock,
  wholeFileText,
  windowsNameProblem,
  workspacePath,
} from '@roundtable/core/patches';
import type { ProposedChange } from '@roundtable/core/protocol';
import * as vscode from 'vscode';

/** The scheme of the read-only documents that hold a file as a reply's change would leave it. */
const SCHEME = 'roundtable-change';
/** The proposed texts by document URI, newest last; a few kept (each a whole file). */
const proposals = new Map<string, string>();
const KEPT = 20;
/** The provider of those documents, registered with the first one and kept for the window's life. */
let registered = false;
let serial = 0;

/** One file a change block changes: where, its text now (undefined: it does not exist) and after (undefined: deleted). */
export interface PlannedFile {
  uri: vscode.Uri;
  path: string;
  before: string | undefined;
  after: string | undefined;
}

type Planned<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * "Review change": VS Code's diff editor for each file a block changes, between the file as it is now (unsaved edits
 * included) and a read-only document holding it as the block would leave it. Nothing is written.
 */
export async function reviewProposedChange(change: ProposedChange): Promise<IntentResult> {
  const planned = await plan(change);
  if (!planned.ok) return planned;
  for (const file of planned.value) {
    const current = file.before === undefined ? proposed(file.path, '') : file.uri;
    await showDiff(current, proposed(file.path, file.after ?? ''), `${file.path} ↔ proposed change`, planned.value);
  }
  return { ok: true };
}

/**
 * "Apply": the whole change as one workspace edit (one undo step), or nothing when any hunk of any file does not
 * apply. Changed files are left unsaved and the first is shown; a new file is created, a deleted one deleted. A block
 * naming its file replaces the file's whole text (or creates it).
 */
export async function applyProposedChange(change: ProposedChange): Promise<IntentResult> {
  const planned = await plan(change);
  if (!planned.ok) return planned;
  const files = planned.value.filter((f) => f.before !== f.after);
  if (files.length === 0) {
    return { ok: true, notice: `${planned.value.map((f) => f.path).join(', ')} already reads as proposed.` };
  }
  const edit = new vscode.WorkspaceEdit();
  for (const file of files) {
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
  const shown = files.find((f) => f.after !== undefined);
  if (shown) await vscode.window.showTextDocument(shown.uri, { preview: false });
  const count = files.length;
  return {
    ok: true,
    notice: `Applied to ${count === 1 ? files[0]?.path : `${count} files`}: review, then save (Undo reverts it).`,
  };
}

/** The block as the host reads it (the page's reading is not trusted), or why it proposes no change. */
export function readBlock(change: ProposedChange): Planned<ChangeBlock> {
  const block = readChangeBlock(change.info, change.code);
  return block
    ? { ok: true, value: block }
    : { ok: false, reason: 'That code block proposes no change (it is no diff and names no file).' };
}

/** Each file of the block resolved in the workspace and changed in memory; or every reason it cannot be. */
async function plan(change: ProposedChange): Promise<Planned<PlannedFile[]>> {
  const block = readBlock(change);
  if (!block.ok) return block;
  const proposal = block.value;
  if (proposal.kind === 'file') {
    return filesAfter([
      { path: proposal.path, after: (before) => ({ ok: true, text: wholeFileText(before, proposal) }) },
    ]);
  }
  const parsed = parseProposedChange(proposal.diff);
  if (!parsed.ok) return parsed;
  const renamed = parsed.files.find((f) => f.oldPath && f.newPath && f.oldPath !== f.newPath);
  if (renamed) {
    return { ok: false, reason: `${renamed.oldPath} → ${renamed.newPath}: a renamed file cannot be applied yet.` };
  }
  return filesAfter(
    parsed.files.map((f) => ({ path: f.newPath ?? f.oldPath ?? '', after: (before) => applyFileChange(before, f) })),
  );
}

/**
 * Each file resolved in the (first) workspace folder, with its text now and `after` it; or every reason one cannot
 * be (a path outside the workspace, a hunk that does not apply) after `refusal`, and then none of them.
 */
export async function filesAfter(
  changes: readonly { path: string; after: (before: string | undefined) => AppliedChange }[],
  refusal = 'The change does not apply, so nothing was written.',
): Promise<Planned<PlannedFile[]>> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return { ok: false, reason: 'Open a folder first: a change is applied to the files of the workspace.' };
  const failures: string[] = [];
  const files: PlannedFile[] = [];
  for (const change of changes) {
    const where = workspacePath(change.path, process.platform === 'win32' ? windowsNameProblem : undefined);
    if (!where.ok) {
      failures.push(where.reason);
      continue;
    }
    const uri = vscode.Uri.joinPath(folder.uri, ...where.path.split('/'));
    const before = await currentText(uri);
    const applied = change.after(before);
    if (applied.ok) files.push({ uri, path: where.path, before, after: applied.text });
    else failures.push(...applied.failures.map((f) => `${where.path}: ${f}`));
  }
  if (failures.length > 0) return { ok: false, reason: `${refusal} ${failures.join(' ')}` };
  return { ok: true, value: files };
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
