// The byte budgets of what a user waits for. One table for the extension host and the webview, read by one test
// (`apps/vscode-extension/test/budgets.test.ts`) from each build's chunk graph (`size/chunkGraph.mjs` writes it).
//
// A moment is something the user waits for; its budget covers everything loaded by then: the entry, what the entry
// imports statically, and each lazy feature the moment needs with what that feature imports statically, each chunk
// counted once. A feature is the target of one `await import()` (its source file, as the build names it). Every
// lazy feature has a line of its own (the bytes its import adds to the entry's), so no chunk goes unguarded.
//
// Adding a lazy feature: `await import('./feature')` where it is first needed, and one line in `features` below.
// Paths are the repository's. A feature's budget is its measured size with a tenth to spare; a moment's is never
// above what the bundles it replaced were allowed (the host's first state: 150 KiB, 50 KiB gzip, as `extension.js`
// was). The goal for the host's first state is 100 KiB: `pnpm bench` reports the distance to it.

export const KiB = 1024;

/** Bytes on disk (minified) and gzip-compressed (each chunk compressed on its own, as it is read or served). */
export interface Budget {
  readonly raw: number;
  readonly gzip: number;
}

export interface MomentBudget extends Budget {
  /** The lazy features loaded by this moment (keys of the same side's `features`). */
  readonly loads: readonly string[];
}

export interface SideBudgets {
  /** The entry's source file, as the build names it. */
  readonly entry: string;
  readonly moments: Readonly<Record<string, MomentBudget>>;
  /** Each lazy feature: what its import adds to what the entry already loaded. */
  readonly features: Readonly<Record<string, Budget>>;
}

/** The extension host (its build's `dist/chunks.json`). */
export const host: SideBudgets = {
  entry: 'apps/vscode-extension/src/extension.ts',
  moments: {
    // Activation to the first chat state: the store, the catalog, the views, the protocol, the settings.
    'first chat state': { loads: [], raw: 150 * KiB, gzip: 50 * KiB },
    // The first message sent: the intent handler, routing and plans, the turn loop, prompts, the streaming client.
    'first turn': {
      loads: [
        'packages/core/src/views/handleIntent.ts',
        'packages/core/src/orchestrator/turnCode.ts',
        'packages/core/src/orchestrator/TurnEngine.ts',
        'apps/vscode-extension/src/proxy/windowChatBackend.ts',
        'apps/vscode-extension/src/proxy/proxyCheck.ts',
      ],
      raw: 250 * KiB,
      gzip: 106 * KiB,
    },
    // The managed proxy started: archives, YAML, processes, its supervisor.
    'first managed start': {
      loads: ['apps/vscode-extension/src/sidecar/managedHost.ts'],
      raw: 420 * KiB,
      gzip: 180 * KiB,
    },
    // A change block's Review change: the host's actions and the diff library.
    'first change review': {
      loads: [
        'packages/core/src/views/handleIntent.ts',
        'apps/vscode-extension/src/webview/windowHostActions.ts',
        'apps/vscode-extension/src/adapters/proposedChanges.ts',
      ],
      raw: 205 * KiB,
      gzip: 104 * KiB,
    },
  },
  features: {
    'apps/vscode-extension/src/adapters/compareProposals.ts': { raw: 33 * KiB, gzip: 14 * KiB },
    'apps/vscode-extension/src/adapters/editorContext.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/adapters/pickChangesContext.ts': { raw: 7 * KiB, gzip: 4 * KiB },
    'apps/vscode-extension/src/adapters/pickFileContext.ts': { raw: 6 * KiB, gzip: 3 * KiB },
    'apps/vscode-extension/src/adapters/pickProblemsContext.ts': { raw: 3 * KiB, gzip: 2 * KiB },
    'apps/vscode-extension/src/adapters/proposedChanges.ts': { raw: 32 * KiB, gzip: 13 * KiB },
    'apps/vscode-extension/src/adapters/workspaceFiles.ts': { raw: 5 * KiB, gzip: 3 * KiB },
    'apps/vscode-extension/src/clis/chatOverCli.ts': { raw: 63 * KiB, gzip: 26 * KiB },
    'apps/vscode-extension/src/clis/cliRoute.ts': { raw: 35 * KiB, gzip: 14 * KiB },
    'apps/vscode-extension/src/clis/openCliSignIn.ts': { raw: 36 * KiB, gzip: 15 * KiB },
    'apps/vscode-extension/src/commandPickers.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/proxy/providerHealth.ts': { raw: 2 * KiB, gzip: 2 * KiB },
    'apps/vscode-extension/src/proxy/providerSeatMap.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/proxy/proxyCheck.ts': { raw: 12 * KiB, gzip: 6 * KiB },
    'apps/vscode-extension/src/proxy/windowChatBackend.ts': { raw: 25 * KiB, gzip: 11 * KiB },
    'apps/vscode-extension/src/showDiagnostics.ts': { raw: 3 * KiB, gzip: 2 * KiB },
    'apps/vscode-extension/src/sidecar/chooseProxyMode.ts': { raw: 1 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/sidecar/managedHost.ts': { raw: 263 * KiB, gzip: 88 * KiB },
    'apps/vscode-extension/src/sidecar/managedSignIn.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/sidecar/pickSidecarAction.ts': { raw: 1 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/sidecar/watchExternalProxy.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/storage/ThreadFolderWatcher.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/storage/journalCompaction.ts': { raw: 3 * KiB, gzip: 2 * KiB },
    'apps/vscode-extension/src/storage/rebuildIndex.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/storage/threadWrites.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/threads/threadTools.ts': { raw: 24 * KiB, gzip: 11 * KiB },
    'apps/vscode-extension/src/webview/windowHostActions.ts': { raw: 7 * KiB, gzip: 4 * KiB },
    'packages/core/src/orchestrator/TurnEngine.ts': { raw: 36 * KiB, gzip: 16 * KiB },
    'packages/core/src/orchestrator/turnCode.ts': { raw: 49 * KiB, gzip: 22 * KiB },
    'packages/core/src/views/handleIntent.ts': { raw: 4 * KiB, gzip: 2 * KiB },
  },
};

/** The webview (its Vite build's chunk graph). */
export const webview: SideBudgets = {
  entry: 'apps/webview/src/main.tsx',
  moments: {},
  features: {},
};
