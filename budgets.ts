// The byte budgets of what a user waits for. One table for the extension host and the webview, read by one test
// (`apps/vscode-extension/test/budgets.test.ts`) from each build's chunk graph (`size/chunkGraph.mjs` writes it).
//
// A moment is something the user waits for; its budget covers everything loaded by then: the entry, what the entry
// imports statically, and each lazy feature the moment needs with what that feature imports statically, each chunk
// counted once. A feature is the target of one `await import()` (its source file, as the build names it). Every
// lazy feature has a line of its own (the bytes its import adds to the entry's), so no chunk goes unguarded.
//
// Adding a lazy feature: `await import('./feature')` where it is first needed, and one line in `features` below.
// Paths are the repository's. A feature's budget is its measured size with a tenth to spare (a quarter when a change
// raises it, so the next small change does not raise it again); a moment's is never
// above what the bundles it replaced were allowed (`extension.js` had 150 KiB, 50 KiB gzip). The host's first chat
// state has 100 KiB: what does not fit moves behind an import (its thread is read after it, in `first transcript`).
// A feature loaded only from another's code says so (`after`), and is charged for what it adds to both (and to what
// that one comes after in turn).

export const KiB = 1024;

/** Bytes on disk (minified) and gzip-compressed (each chunk compressed on its own, as it is read or served). */
export interface Budget {
  readonly raw: number;
  readonly gzip: number;
}

/**
 * A lazy feature's line. `after`: features always loaded before it (it is imported only from their code), whose
 * chunks its line is not charged for; the check proves each claim from the build, so it cannot hide a cost.
 */
export interface FeatureBudget extends Budget {
  readonly after?: readonly string[];
}

export interface MomentBudget extends Budget {
  /** The lazy features loaded by this moment (keys of the same side's `features`). */
  readonly loads: readonly string[];
}

export interface SideBudgets {
  /** The entry's source file, as the build names it. */
  readonly entry: string;
  readonly moments: Readonly<Record<string, MomentBudget>>;
  /** Each lazy feature: what its import adds to what the entry (and the features it comes `after`) loaded. */
  readonly features: Readonly<Record<string, FeatureBudget>>;
}

/** The extension host (its build's `dist/chunks.json`). */
export const host: SideBudgets = {
  entry: 'apps/vscode-extension/src/extension.ts',
  moments: {
    // Activation to the first chat state: the store's list, the views, the protocol, the settings, and the shown
    // thread's shell (its title and time as listed); no thread is read or parsed yet.
    'first chat state': { loads: [], raw: 100 * KiB, gzip: 34 * KiB },
    // The shown thread's messages: the thread read from disk, parsed and in memory.
    'first transcript': {
      loads: ['packages/core/src/store/threadContents.ts', 'apps/vscode-extension/src/storage/threadContents.ts'],
      raw: 130 * KiB,
      gzip: 45 * KiB,
    },
    // The first message sent: the intent handler, routing and plans, the turn loop, prompts, the streaming client.
    'first turn': {
      loads: [
        'packages/core/src/store/threadContents.ts',
        'packages/core/src/store/ThreadLeases.ts',
        'apps/vscode-extension/src/storage/threadContents.ts',
        'apps/vscode-extension/src/storage/threadWrites.ts',
        'apps/vscode-extension/src/storage/journalUpkeep.ts',
        'packages/core/src/views/receiveIntent.ts',
        'packages/core/src/orchestrator/turnCost.ts',
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
        'packages/core/src/views/receiveIntent.ts',
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
    // Add a Local Model Server: probing the usual ports, the pickers, and the settings change it writes, with the
    // model-list reading it shares with the providers' health check (measured 8.9 KiB, 4.0 KiB gzip).
    'apps/vscode-extension/src/localServers/addLocalModelServer.ts': { raw: 11.25 * KiB, gzip: 5 * KiB },
    // Every name a server answers to (llama.cpp's aliases), and the words for a server that cannot be reached, shared
    // with Add a Local Model Server (measured 2.1 KiB, 1.3 KiB gzip).
    'apps/vscode-extension/src/proxy/providerHealth.ts': { raw: 2.75 * KiB, gzip: 2 * KiB },
    'apps/vscode-extension/src/proxy/providerSeatMap.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    // With the secret redaction it shares with the proxy's check, which left the first state.
    'apps/vscode-extension/src/proxy/proxyCheck.ts': { raw: 13 * KiB, gzip: 6 * KiB },
    // With usage asked of every endpoint (and asked again without, where refused), the context-overflow line, and the
    // image check it shares with the host's actions and the intents, which left the first state (measured 26.7 KiB,
    // 11.7 KiB gzip).
    'apps/vscode-extension/src/proxy/windowChatBackend.ts': { raw: 33.5 * KiB, gzip: 15 * KiB },
    // A stored image read for a prompt (its hash checked): loaded with the first prompt that has an image, and by the
    // host's actions (measured 2.9 KiB, 1.7 KiB gzip).
    'apps/vscode-extension/src/images/imageAssets.ts': { raw: 3.25 * KiB, gzip: 2 * KiB },
    // With the secret redaction its report shares with the proxy's check, which left the first state.
    'apps/vscode-extension/src/showDiagnostics.ts': { raw: 5 * KiB, gzip: 3 * KiB },
    'apps/vscode-extension/src/sidecar/chooseProxyMode.ts': { raw: 1 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/sidecar/managedHost.ts': { raw: 263 * KiB, gzip: 88 * KiB },
    // With Claude Code offered first in the picker and the Claude account question asked before a Claude login
    // (measured 2.5 KiB, 1.2 KiB gzip).
    'apps/vscode-extension/src/sidecar/managedSignIn.ts': { raw: 3.25 * KiB, gzip: 1.75 * KiB },
    'apps/vscode-extension/src/sidecar/pickSidecarAction.ts': { raw: 1 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/sidecar/watchExternalProxy.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    'apps/vscode-extension/src/storage/ThreadFolderWatcher.ts': { raw: 2 * KiB, gzip: 1 * KiB },
    // Reading and writing threads (the index aside): loaded with the first thread a window opens.
    'apps/vscode-extension/src/storage/threadContents.ts': { raw: 23 * KiB, gzip: 10 * KiB },
    // Reached only from the thread contents' code (a save, the journals' upkeep).
    'apps/vscode-extension/src/storage/journalCompaction.ts': {
      raw: 3 * KiB,
      gzip: 2 * KiB,
      after: ['apps/vscode-extension/src/storage/journalUpkeep.ts'],
    },
    // The journals' upkeep (when to fold a journal, keeping a bad one aside): loaded with the first write, or the first
    // read of a journal with a bad line; showing a thread needs none of it (measured 2.2 KiB, 1.0 KiB gzip).
    'apps/vscode-extension/src/storage/journalUpkeep.ts': {
      raw: 2.5 * KiB,
      gzip: 1.5 * KiB,
      after: ['apps/vscode-extension/src/storage/threadContents.ts'],
    },
    // Reads and parses every thread file (an upgrade, a lost index): it carries the thread-reading code since that
    // left the first state (2 KiB before, when the first state held it); measured 17.0 KiB, 7.3 KiB gzip with a reply's
    // mark for stopping at its length limit.
    'apps/vscode-extension/src/storage/rebuildIndex.ts': { raw: 21.5 * KiB, gzip: 9.5 * KiB },
    'apps/vscode-extension/src/storage/threadWrites.ts': {
      raw: 2 * KiB,
      gzip: 1 * KiB,
      after: ['apps/vscode-extension/src/storage/threadContents.ts'],
    },
    // Search, export and import read threads: with the thread-reading code since that left the first state, and the
    // council's vote as an export says it, read by the readers that take real models' forms (measured 42.1 KiB,
    // 17.8 KiB gzip).
    'apps/vscode-extension/src/threads/threadTools.ts': { raw: 52.5 * KiB, gzip: 22.5 * KiB },
    // With the image check an attachment needs, which left the first state (measured 7.5 KiB, 3.7 KiB gzip).
    'apps/vscode-extension/src/webview/windowHostActions.ts': { raw: 9.5 * KiB, gzip: 5 * KiB },
    // The turn loop and the turn intents, each with the chunks it shares with the other (a turn loads both): the
    // council's prompts, its vote, Discuss disputes and stances, and the readers of what real models write for them
    // (lenient JSON, Markdown tables and lists, marks in other words: 7.6 KiB, 2.9 KiB gzip; measured 58.7 and 69.1 KiB,
    // 24.0 and 28.4 KiB gzip).
    'packages/core/src/orchestrator/TurnEngine.ts': { raw: 73.5 * KiB, gzip: 30 * KiB },
    'packages/core/src/orchestrator/turnCode.ts': { raw: 86.5 * KiB, gzip: 35.5 * KiB },
    // With the image check a pasted image needs, which left the first state (measured 5.2 KiB, 2.4 KiB gzip).
    // The intents' handler with their schemas and how each is answered, which left the first state (a window's first
    // state checks the page's two signals alone): measured 9.1 KiB, 3.9 KiB gzip when they came.
    'packages/core/src/views/receiveIntent.ts': { raw: 11.5 * KiB, gzip: 5 * KiB },
    // What each seat spent today and in the last 5 hours, summed over the index's records (each checked whole), for a
    // view once it opens (measured 3.9 KiB, 2.1 KiB gzip).
    'packages/core/src/views/SeatSpendingFeed.ts': { raw: 4.5 * KiB, gzip: 2.5 * KiB },
    // The cost of a draft before it is sent: routing and the plans the send would run (shared with the turns' code),
    // loaded by the first count (measured 11.7 KiB, 5.8 KiB gzip).
    'packages/core/src/orchestrator/turnCost.ts': { raw: 13 * KiB, gzip: 6.5 * KiB },
    // The bench: a seat whose reply failed on a limit that states its end, left out until then; the readers of each
    // CLI's reset words. Loaded after the first state (measured 5.2 KiB, 2.4 KiB gzip).
    'packages/core/src/bench/SeatBench.ts': { raw: 6 * KiB, gzip: 3 * KiB },
    // The Claude account question before a Claude login through the proxy (measured 0.8 KiB, 0.5 KiB gzip).
    'apps/vscode-extension/src/claude/claudeAccountRisk.ts': { raw: 1 * KiB, gzip: 1 * KiB },
    // Seat Claude on Claude Code: finding the CLI and asking it whether it is signed in (the CLIs' detection and login
    // check), and the settings change (measured 33.6 KiB, 13.8 KiB gzip).
    'apps/vscode-extension/src/claude/seatClaudeCode.ts': { raw: 37 * KiB, gzip: 15.5 * KiB },
    // The `#` list's queries, answered again as the workspace's files change: loaded at the first `#` typed
    // (measured 540 B, 0.3 KiB gzip).
    'packages/core/src/views/fileQueries.ts': { raw: 1 * KiB, gzip: 0.5 * KiB },
    // A thread in memory: its document, merges, the save scheduler, and what of a reply still streaming is written
    // under its turn's lease (measured 13.6 KiB, 5.5 KiB gzip when the leases came).
    // With the spend record each summary keeps (what the thread's seats spent, by 15-minute bucket): measured 14.7 KiB,
    // 6.2 KiB gzip then.
    'packages/core/src/store/threadContents.ts': { raw: 15 * KiB, gzip: 7.75 * KiB },
    // The turns' leases: taken, renewed and ended by turns, and a crashed window's found stale; loaded just after the
    // first thread is read, so the first transcript never waits for it.
    'packages/core/src/store/ThreadLeases.ts': { raw: 4.5 * KiB, gzip: 2 * KiB },
    // The external proxy's check and its reading (served models, the access key kept out of errors).
    'packages/sidecar/src/proxyEvaluation.ts': { raw: 12 * KiB, gzip: 6 * KiB },
  },
};

/**
 * The webview (Vite's manifest; paths relative to `apps/webview`, a package's files from the package on: see
 * `apps/webview/size/chunkGraph.ts`). Each feature's budget is its size when it was set, rounded up to the next
 * 0.5 KiB below 4 KiB, 1 KiB below 20, 5 KiB below 100 and 10 KiB above, after at least 5% more.
 */
export const webview: SideBudgets = {
  entry: 'src/main.tsx',
  moments: {
    // The page's own code with what it imports statically: Preact and signals, valibot and the protocol's schemas of what
    // the host sends, the models, the transcript's plain text. Measured 37.4 KiB gzip, 111.2 KiB raw; raw
    // rounded up as the features below are.
    'first transcript': { raw: 120 * KiB, gzip: 40 * KiB, loads: [] },
  },
  features: {
    // Shown while a save failed or a thread file cannot be read.
    'src/components/StorageBanner.tsx': { raw: 1.5 * KiB, gzip: 1 * KiB },
    // The Terms notice's whole text: on first run until dismissed or a message is sent, and when its line is opened.
    'src/components/TermsNotice.tsx': { raw: 1 * KiB, gzip: 0.5 * KiB },
    // Where a turn stands, above the message box.
    'src/components/TurnLine.tsx': { raw: 3 * KiB, gzip: 1.5 * KiB },
    // The views of Independent and Council turns: headers, folded reviews, syntheses with their votes and ledgers,
    // Discuss disputes (a round's positions, what it changed, the button) with core's words for it, and Compare
    // strategies with core's `compareStrategies`. Measured 18.0 KiB, 6.3 KiB gzip when Compare strategies came; 19.4
    // and 6.8 KiB when a review's verdict came to be read the ways real models label it.
    'src/components/councilViews.ts': { raw: 24.5 * KiB, gzip: 8.5 * KiB },
    // Images in the composer and in messages.
    'src/components/imageViews.tsx': { raw: 2 * KiB, gzip: 1.5 * KiB },
    // markdown-it, the change blocks' renderer and the views of rendered Markdown, loaded at boot beside `ready`.
    'src/components/markdownViews.ts': { raw: 120 * KiB, gzip: 50 * KiB },
    // shiki's core and its JavaScript regex engine. Imported by the Markdown chunk, which it imports back (for
    // `fenceLanguage`), so its line counts that chunk too: 53.7 KiB gzip of its own.
    'src/markdown/highlight/highlighter.ts': { raw: 300 * KiB, gzip: 110 * KiB },
    // Each grammar, with the grammars it embeds (HTML's JavaScript and CSS; PHP's and Ruby's, several).
    'shiki/dist/langs/c.mjs': { raw: 75 * KiB, gzip: 11 * KiB },
    'shiki/dist/langs/csharp.mjs': { raw: 95 * KiB, gzip: 12 * KiB },
    'shiki/dist/langs/css.mjs': { raw: 55 * KiB, gzip: 13 * KiB },
    'shiki/dist/langs/diff.mjs': { raw: 3 * KiB, gzip: 1 * KiB },
    'shiki/dist/langs/dockerfile.mjs': { raw: 0.5 * KiB, gzip: 0.5 * KiB },
    'shiki/dist/langs/go.mjs': { raw: 50 * KiB, gzip: 6 * KiB },
    'shiki/dist/langs/html.mjs': { raw: 300 * KiB, gzip: 45 * KiB },
    'shiki/dist/langs/java.mjs': { raw: 30 * KiB, gzip: 5 * KiB },
    'shiki/dist/langs/javascript.mjs': { raw: 180 * KiB, gzip: 17 * KiB },
    'shiki/dist/langs/json.mjs': { raw: 3 * KiB, gzip: 1 * KiB },
    'shiki/dist/langs/jsx.mjs': { raw: 190 * KiB, gzip: 18 * KiB },
    'shiki/dist/langs/kotlin.mjs': { raw: 10 * KiB, gzip: 2.5 * KiB },
    'shiki/dist/langs/markdown.mjs': { raw: 65 * KiB, gzip: 6 * KiB },
    'shiki/dist/langs/php.mjs': { raw: 440 * KiB, gzip: 80 * KiB },
    'shiki/dist/langs/python.mjs': { raw: 75 * KiB, gzip: 10 * KiB },
    'shiki/dist/langs/ruby.mjs': { raw: 500 * KiB, gzip: 75 * KiB },
    'shiki/dist/langs/rust.mjs': { raw: 16 * KiB, gzip: 3 * KiB },
    'shiki/dist/langs/shellscript.mjs': { raw: 45 * KiB, gzip: 7 * KiB },
    'shiki/dist/langs/sql.mjs': { raw: 25 * KiB, gzip: 8 * KiB },
    'shiki/dist/langs/swift.mjs': { raw: 90 * KiB, gzip: 16 * KiB },
    'shiki/dist/langs/toml.mjs': { raw: 7 * KiB, gzip: 1.5 * KiB },
    'shiki/dist/langs/tsx.mjs': { raw: 180 * KiB, gzip: 17 * KiB },
    'shiki/dist/langs/typescript.mjs': { raw: 190 * KiB, gzip: 17 * KiB },
    'shiki/dist/langs/yaml.mjs': { raw: 11 * KiB, gzip: 2.5 * KiB },
  },
};
