import type { ContextBlock } from '@roundtable/core/transcript/schema';
import * as vscode from 'vscode';
import { plural } from './contextCap';
import { isWorkspacePath, type Problem, problemsBlock } from './problemsBlock';

/**
 * "Add Problems to Chat…": the diagnostics VS Code shows in the Problems view, of the active file or of the whole
 * workspace (only the latter when no workspace file is active), as a context block. Says so when there are none;
 * undefined then, and when the user cancels. `max` is the pending context's limit per block.
 */
export async function pickProblemsContext(max: number): Promise<ContextBlock | undefined> {
  const document = vscode.window.activeTextEditor?.document;
  const active = document && vscode.workspace.getWorkspaceFolder(document.uri) ? document.uri : undefined;
  const everywhere = problemsOf(vscode.languages.getDiagnostics());
  const options = [
    ...(active
      ? [{ place: relativePath(active), problems: problemsOf([[active, vscode.languages.getDiagnostics(active)]]) }]
      : []),
    { place: '.', problems: everywhere },
  ];
  const picked = await vscode.window.showQuickPick(
    options.map((option) => ({
      label: `Problems in ${option.place === '.' ? 'the workspace' : option.place}`,
      description: plural(option.problems.filter((problem) => isWorkspacePath(problem.path)).length, 'problem'),
      option,
    })),
    { title: 'Add Problems to Chat' },
  );
  if (!picked) return undefined;
  const block = problemsBlock(picked.option.place, picked.option.problems, max);
  if (!block) void vscode.window.showInformationMessage(`Roundtable: no ${picked.label.replace(/^P/, 'p')}.`);
  return block;
}

/**
 * Each diagnostic of a file on disk (those of untitled documents, output and other views are not files the model
 * could be pointed at), with the path VS Code gives it: absolute for a file outside the workspace, which
 * `problemsBlock` then leaves out.
 */
function problemsOf(entries: readonly (readonly [vscode.Uri, readonly vscode.Diagnostic[]])[]): Problem[] {
  return entries.flatMap(([uri, diagnostics]) => {
    if (uri.scheme !== 'file') return [];
    const path = relativePath(uri);
    return diagnostics.map((diagnostic) => ({
      path,
      line: diagnostic.range.start.line,
      character: diagnostic.range.start.character,
      severity: diagnostic.severity,
      message: diagnostic.message,
      ...(diagnostic.source ? { source: diagnostic.source } : {}),
      ...(diagnostic.code === undefined
        ? {}
        : { code: typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code }),
    }));
  });
}

/** VS Code's own relative path: with the folder's name first when the workspace has several folders. */
function relativePath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri);
}
