import type * as vscode from 'vscode';

// The little of VS Code's built-in Git extension API (`vscode.git`, `getAPI(1)`; its git.d.ts) that adding the
// working tree's changes uses. Declared here rather than copied whole: these are the only members read.

/** `Status.UNTRACKED` of git.d.ts. */
export const UNTRACKED = 7;

export interface GitChange {
  readonly uri: vscode.Uri;
  readonly status: number;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: { readonly name?: string; readonly commit?: string } | undefined;
    readonly indexChanges: readonly GitChange[];
    readonly workingTreeChanges: readonly GitChange[];
    /** Only with `git.untrackedChanges` set to `separate`; otherwise untracked files are working tree changes. */
    readonly untrackedChanges?: readonly GitChange[];
  };
  /** `git diff`, or `git diff --cached` when `cached`. */
  diff(cached?: boolean): Promise<string>;
  /** `git diff <ref> -- <path>`: the working tree (staged and not) against `ref`. */
  diffWith(ref: string, path: string): Promise<string>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}

export interface GitExtension {
  /** False when `git.enabled` is off; `getAPI` then throws. */
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}
