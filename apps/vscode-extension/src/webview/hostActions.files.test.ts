import { DisposableStore, silentLogger } from '@roundtable/core';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SETTLE_MS } from '../adapters/WorkspaceFileIndex';
import { createHostActions, type HostUi, type SeatFixes } from './hostActions';

// The `#` list's files as the host's actions serve them: found from an index over the workspace, and one shared wait
// for the next change of that set, which the views' open queries are answered again after.

const { workspace } = vi.hoisted(() => ({
  workspace: {
    paths: [] as string[],
    /** The watcher's creation handler, once a query started it. */
    created: undefined as ((uri: { path: string }) => void) | undefined,
  },
}));

vi.mock('vscode', () => ({
  Disposable: {
    from: (...items: { dispose(): void }[]) => ({
      dispose: () => {
        for (const item of items) item.dispose();
      },
    }),
  },
  workspace: {
    findFiles: async () => workspace.paths.map((path) => ({ path })),
    asRelativePath: (uri: { path: string }) => uri.path,
    createFileSystemWatcher: () => ({
      onDidCreate: (handler: (uri: { path: string }) => void) => {
        workspace.created = handler;
        return { dispose: () => (workspace.created = undefined) };
      },
      onDidDelete: () => ({ dispose: () => {} }),
      dispose: () => {},
    }),
    onDidChangeWorkspaceFolders: () => ({ dispose: () => {} }),
  },
}));

const owners: DisposableStore[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  workspace.paths = ['src/retry.ts'];
});
afterEach(() => {
  for (const owner of owners.splice(0)) owner.dispose();
  vi.useRealTimers();
});

function hostActions() {
  const owner = new DisposableStore();
  owners.push(owner);
  return createHostActions({
    ui: {} as HostUi,
    logger: silentLogger,
    locate: () => undefined,
    sidecarActions: async () => {},
    storageRoot: '/nowhere',
    owner,
    fixes: {} as SeatFixes,
  });
}

/** A file created on disk, as VS Code's watcher reports it, and the burst waited out. */
async function create(path: string): Promise<void> {
  workspace.paths.push(path);
  workspace.created?.({ path });
  await vi.advanceTimersByTimeAsync(SETTLE_MS);
}

describe('host actions: the workspace files for #', () => {
  test('every caller shares one wait, which settles when the set of files changes, and the next is a new one', async () => {
    const host = hostActions();
    expect(await host.findFiles('retry')).toEqual(['src/retry.ts']);
    const first = host.filesChanged();
    expect(host.filesChanged()).toBe(first);
    let settled = false;
    void first.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(SETTLE_MS); // no change: nothing settles
    expect(settled).toBe(false);
    await create('src/retryPolicy.ts');
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(await host.findFiles('retry')).toEqual(['src/retry.ts', 'src/retryPolicy.ts']);
    const second = host.filesChanged();
    expect(second).not.toBe(first);
    let settledAgain = false;
    void second.then(() => (settledAgain = true));
    await create('docs/retry.md');
    await vi.waitFor(() => expect(settledAgain).toBe(true));
  });
});
