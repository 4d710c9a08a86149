import { type ChangeBlock, readChangeBlock } from '@roundtable/core/patches/changeBlocks';
import { wholeFileText } from '@roundtable/core/patches/proposals';
import {
  type AppliedChange,
  applyFileChange,
  isRename,
  parseProposedChange,
} from '@roundtable/core/patches/proposedChange';
import { wholeness } from '@roundtable/core/patches/wholeFile';
import { windowsNameProblem } from '@roundtable/core/patches/windowsNames';
import { workspacePath } from '@roundtable/core/patches/workspacePath';
import type { ProposedChange } from '@roundtable/core/protocol/webviewToHost';
import * as vscode from 'vscode';

/** On Windows, a path Windows would read as another file (a trailing dot, a device name) is refused too. */
const windowsRule = process.platform === 'win32' ? windowsNameProblem : undefined;

/**
 * One file a change block changes: where (`uri`, `path`), its text now (undefined: it does not exist) and after
 * (undefined: deleted). A renamed file is at `from` now and at `uri` after. `read` is the document its text was read
 * from, at `version`, so Apply can tell whether it changed before the edit is made. `part` says why a block naming
 * its file is a part of the file rather than the whole (`wholeness`): Apply does not replace the file with it.
 */
export interface PlannedFile {
  uri: vscode.Uri;
  path: string;
  before: string | undefined;
  after: string | undefined;
  from?: { uri: vscode.Uri; path: string };
  read?: { document: vscode.TextDocument; version: number };
  part?: string;
}

export type Planned<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One file to plan: its path after the change, the path it is read from (a rename's old path), and what it becomes. */
export interface FileToPlan {
  path: string;
  from?: string;
  after: (before: string | undefined) => AppliedChange;
}

/** The block as the host reads it (the page's reading is not trusted), or why it proposes no change. */
export function readBlock(change: ProposedChange): Planned<ChangeBlock> {
  const block = readChangeBlock(change.info, change.code);
  return block
    ? { ok: true, value: block }
    : { ok: false, reason: 'That code block proposes no change (it is no diff and names no file).' };
}

/** Each file of the block resolved in the workspace and changed in memory; or every reason it cannot be. */
export async function plan(change: ProposedChange): Promise<Planned<PlannedFile[]>> {
  const block = readBlock(change);
  if (!block.ok) return block;
  const proposal = block.value;
  if (proposal.kind === 'file') {
    const planned = await filesAfter([
      { path: proposal.path, after: (before) => ({ ok: true, text: wholeFileText(before, proposal) }) },
    ]);
    const file = planned.ok ? planned.value[0] : undefined;
    if (!file) return planned;
    const whole = wholeness(file.before, file.after ?? '', file.path);
    return whole.whole ? planned : { ok: true, value: [{ ...file, part: whole.reason }] };
  }
  const parsed = parseProposedChange(proposal.diff);
  if (!parsed.ok) return parsed;
  return filesAfter(
    parsed.files.map((f) => ({
      path: f.newPath ?? f.oldPath ?? '',
      ...(isRename(f) ? { from: f.oldPath } : {}),
      after: (before) => applyFileChange(before, f),
    })),
  );
}

/**
 * Each file resolved in the (first) workspace folder, with its text now (read from its `from` path, when it has one)
 * and `after` it; or every reason one cannot be (a path outside the workspace, old or new; a hunk that does not
 * apply; a rename onto a file that exists) after `refusal`, and then none of them.
 */
export async function filesAfter(
  changes: readonly FileToPlan[],
  refusal = 'The change does not apply, so nothing was written.',
): Promise<Planned<PlannedFile[]>> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return { ok: false, reason: 'Open a folder first: a change is applied to the files of the workspace.' };
  const at = (path: string) => vscode.Uri.joinPath(folder.uri, ...path.split('/'));
  const failures: string[] = [];
  const files: PlannedFile[] = [];
  for (const change of changes) {
    const where = workspacePath(change.path, windowsRule);
    const source = change.from === undefined ? where : workspacePath(change.from, windowsRule);
    if (!where.ok || !source.ok) {
      failures.push(...[source, where].flatMap((w) => (w.ok ? [] : [w.reason])));
      continue;
    }
    const uri = at(where.path);
    const from = source.path === where.path ? undefined : { uri: at(source.path), path: source.path };
    const read = await readText(from?.uri ?? uri);
    if (!read.ok) {
      failures.push(`${source.path}: ${read.reason}`);
      continue;
    }
    // A rename onto a file that exists would overwrite it; a name that differs only in case is the same file on
    // Windows and macOS, and VS Code renames it.
    if (from && from.path.toLowerCase() !== where.path.toLowerCase() && (await exists(uri))) {
      failures.push(`${where.path} already exists; the diff renames ${from.path} to it.`);
      continue;
    }
    const applied = change.after(read.text);
    if (!applied.ok) {
      failures.push(...applied.failures.map((f) => `${where.path}: ${f}`));
      continue;
    }
    const document = read.document ? { read: read.document } : {};
    files.push({
      uri,
      path: where.path,
      before: read.text,
      after: applied.text,
      ...(from ? { from } : {}),
      ...document,
    });
  }
  if (failures.length > 0) return { ok: false, reason: `${refusal} ${failures.join(' ')}` };
  return { ok: true, value: files };
}

/**
 * The files whose document changed since it was read (the user typed in it, or it was reloaded from disk). Called
 * with no `await` between it and the workspace edit, so the edit is made to the text it was planned on; VS Code
 * itself refuses an edit to a document that changes after that (the edit carries the version the host knows).
 */
export function changedSince(files: readonly PlannedFile[]): string[] {
  return files.filter((f) => f.read && f.read.document.version !== f.read.version).map((f) => f.from?.path ?? f.path);
}

type Read =
  | { ok: true; text: string | undefined; document?: { document: vscode.TextDocument; version: number } }
  | { ok: false; reason: string };

/**
 * A file's text as the editor has it (unsaved edits included), from its document (opened if it is not: its version
 * is what Apply checks); undefined when there is no file. A file that exists but does not open as text is refused.
 */
async function readText(uri: vscode.Uri): Promise<Read> {
  try {
    const document = await vscode.workspace.openTextDocument(uri);
    // The text and the version it is, read together.
    return { ok: true, text: document.getText(), document: { document, version: document.version } };
  } catch {
    return (await exists(uri))
      ? { ok: false, reason: 'it exists but does not open as text.' }
      : { ok: true, text: undefined };
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
