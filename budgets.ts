// The byte budgets of what a user waits for. One table for the extension host and the webview, read by one test
// (`apps/vscode-extension/test/budgets.test.ts`) from the host build's metafile and the webview's Vite manifest.
//
// A moment is something the user waits for; its budget covers everything loaded by then: the entry, what the entry
// imports statically, and each lazy feature the moment needs with what that feature imports statically, each chunk
// counted once. A feature is the target of one `await import()` (its source file, as the build names it). Every
// lazy feature has a line of its own (the bytes its import adds to the entry's), so no chunk goes unguarded.
//
// Adding a lazy feature: `await import('./feature')` where it is first needed, and one line in `features` below.

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

/** The extension host (esbuild's metafile; paths relative to `apps/vscode-extension`). */
export const host: SideBudgets = {
  entry: 'src/extension.ts',
  moments: {},
  features: {},
};

/**
 * The webview (Vite's manifest; paths relative to `apps/webview`, a package's files from the package on: see
 * `apps/webview/size/chunkGraph.ts`). Each feature's budget is its size when it was set, rounded up to the next
 * 0.5 KiB below 4 KiB, 1 KiB below 20, 5 KiB below 100 and 10 KiB above, after at least 5% more.
 */
export const webview: SideBudgets = {
  entry: 'src/main.tsx',
  moments: {
    // The page's own code with what it imports statically: Preact and signals, zod and the protocol's schemas of what
    // the host sends, the models, the transcript's plain text. Measured 37.4 KiB gzip, 111.2 KiB raw; raw
    // rounded up as the features below are.
    'first transcript': { raw: 120 * KiB, gzip: 40 * KiB, loads: [] },
  },
  features: {
    // Shown while a save failed or a thread file cannot be read.
    'src/components/StorageBanner.tsx': { raw: 1.5 * KiB, gzip: 1 * KiB },
    // Shown on first run, until dismissed.
    'src/components/TermsNotice.tsx': { raw: 1 * KiB, gzip: 0.5 * KiB },
    // Where a turn stands, above the message box.
    'src/components/TurnLine.tsx': { raw: 3 * KiB, gzip: 1.5 * KiB },
    // The views of Independent and Council turns: headers, folded reviews, syntheses with their ledgers.
    'src/components/councilViews.ts': { raw: 7 * KiB, gzip: 3 * KiB },
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
