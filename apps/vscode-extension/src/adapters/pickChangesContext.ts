import { basename, relative, sep } from 'node:path';
import type { ContextBlock } from '@roundtable/core/transcript/schema';
import * as vscode from 'vscode';
import { type ChangesScope, changesBlock, repositoryPlace, type UntrackedFile } from './changesBlock';
import { plural } from './contextCap';
import { fileContextBlock } from './fileContextBlock';
import { type GitApi, type GitChange, type GitExtension, type GitRepository, UNTRACKED } from './gitApi';

/** How many untracked files are read into the block, and how big each may be; the others are only named. */
const UNTRACKED_READ = 20;
const UNTRACKED_MAX_BYTES = 20_000;
/** How long to wait for the Git extension's first look at the workspace, right after the window opened. */
const GIT_START_MS = 5_000;

const SCOPES: Record<ChangesScope, string> = {
  unstaged: 'Unstaged changes',
  staged: 'Staged changes',
  all: 'Staged and unstaged changes',
};

interface PlacedRepository {
  repo: GitRepository;
  /** Relative to the workspace (see `repositoryPlace`). */
  place: string;
}

/**
 * "Add Changes to Chat…": the working tree's diff, from VS Code's own Git extension (never a git of ours, so the
 * user's git, settings and trust decisions apply), as a context block. Asks which changes (unstaged, staged or both
 * against HEAD) and, with several repositories and none holding the active file, which repository. Says why when it
 * adds nothing (no Git, no repository, no changes); undefined then, and when the user cancels. `max` is the pending
 * context's limit per block.
 */
export async function pickChangesContext(max: number): Promise<ContextBlock | undefined> {
  const api = await gitApi();
  if (!api) return undefined;
  const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
  const repositories = api.repositories.flatMap((repo) => {
    const place = repositoryPlace(folders, repo.rootUri.fsPath);
    return place === undefined ? [] : [{ repo, place }];
  });
  if (repositories.length === 0) return info('Roundtable: no git repository is open in this workspace.');
  const chosen = await pickRepository(api, repositories);
  if (!chosen) return undefined;
  const { repo, place } = chosen;
  const scope = await pickScope(repo);
  if (!scope) return undefined;
  let diff: string;
  try {
    diff = scope === 'all' ? await repo.diffWith('HEAD', '.') : await repo.diff(scope === 'staged');
  } catch (error) {
    return fail(`Roundtable: git could not give the changes: ${(error as Error).message}`);
  }
  // Staged changes are in the index; an untracked file is not.
  const untracked = scope === 'staged' ? [] : await readUntracked(repo);
  const block = changesBlock({ place, scope, diff, untracked }, max);
  return block ?? info(`Roundtable: no ${SCOPES[scope].toLowerCase()} in ${basename(repo.rootUri.fsPath)}.`);
}

async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) {
    return fail(
      'Roundtable: VS Code’s Git extension (vscode.git) is missing or disabled, so the working tree’s changes cannot be read.',
    );
  }
  try {
    const git = extension.isActive ? extension.exports : await extension.activate();
    if (!git.enabled) {
      return fail('Roundtable: Git is turned off in this window (the git.enabled setting); turn it on to add changes.');
    }
    const api = git.getAPI(1);
    if (api.state === 'uninitialized') await firstScan(api);
    return api;
  } catch (error) {
    return fail(`Roundtable: VS Code’s Git extension is not available: ${(error as Error).message}`);
  }
}

/** Resolves once the Git extension has looked for repositories, or after `GIT_START_MS`. */
function firstScan(api: GitApi): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    };
    const timer = setTimeout(done, GIT_START_MS);
    const listener = api.onDidChangeState(done);
  });
}

/** The repository holding the active file, else the only one, else the one the user picks. */
async function pickRepository(
  api: GitApi,
  repositories: readonly PlacedRepository[],
): Promise<PlacedRepository | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  // The API hands out a new wrapper per call: repositories are told apart by their root.
  const holding = active ? api.getRepository(active)?.rootUri.fsPath : undefined;
  const found = repositories.find((entry) => entry.repo.rootUri.fsPath === holding);
  if (found) return found;
  if (repositories.length === 1) return repositories[0];
  const picked = await vscode.window.showQuickPick(
    repositories.map((entry) => ({
      label: entry.place === '.' ? basename(entry.repo.rootUri.fsPath) : entry.place,
      description: entry.repo.state.HEAD?.name ?? '',
      entry,
    })),
    { title: 'Add Changes to Chat', placeHolder: 'Which repository’s changes?' },
  );
  return picked?.entry;
}

async function pickScope(repo: GitRepository): Promise<ChangesScope | undefined> {
  const { indexChanges, workingTreeChanges, untrackedChanges = [], HEAD } = repo.state;
  const unstaged = [...workingTreeChanges, ...untrackedChanges];
  const items = [
    { label: SCOPES.unstaged, description: files(unstaged), scope: 'unstaged' as const },
    { label: SCOPES.staged, description: files(indexChanges), scope: 'staged' as const },
    // Against the last commit: a repository without one yet has nothing to compare with.
    ...(HEAD?.commit
      ? [{ label: SCOPES.all, description: files([...indexChanges, ...unstaged]), scope: 'all' as const }]
      : []),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Add Changes to Chat',
    placeHolder: 'Which changes? (untracked files count as unstaged)',
  });
  return picked?.scope;
}

/** What the Git extension last saw, for the picker; the diff itself is asked for afresh. */
function files(changes: readonly GitChange[]): string {
  return plural(new Set(changes.map((change) => change.uri.toString())).size, 'file');
}

/** The untracked files by path; the first few small text ones with their text. */
async function readUntracked(repo: GitRepository): Promise<UntrackedFile[]> {
  const root = repo.rootUri.fsPath;
  const byPath = new Map<string, vscode.Uri>();
  for (const change of [...repo.state.workingTreeChanges, ...(repo.state.untrackedChanges ?? [])]) {
    if (change.status === UNTRACKED) byPath.set(relative(root, change.uri.fsPath).split(sep).join('/'), change.uri);
  }
  const sorted = [...byPath].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Promise.all(
    sorted.map(async ([path, uri], index) => ({
      path,
      ...(index < UNTRACKED_READ ? await readSmallText(path, uri) : {}),
    })),
  );
}

async function readSmallText(path: string, uri: vscode.Uri): Promise<{ text?: string }> {
  try {
    if ((await vscode.workspace.fs.stat(uri)).size > UNTRACKED_MAX_BYTES) return {};
    const read = fileContextBlock(path, await vscode.workspace.fs.readFile(uri));
    return read.ok ? { text: read.block.content } : {};
  } catch {
    return {}; // gone or unreadable since git listed it: named, not shown
  }
}

function info(message: string): undefined {
  void vscode.window.showInformationMessage(message);
  return undefined;
}

function fail(message: string): undefined {
  void vscode.window.showErrorMessage(message);
  return undefined;
}
