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

/** The webview (Vite's manifest; paths relative to `apps/webview`). */
export const webview: SideBudgets = {
  entry: 'src/main.tsx',
  moments: {},
  features: {},
};
