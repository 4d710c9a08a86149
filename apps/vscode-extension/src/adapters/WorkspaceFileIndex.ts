import { Emitter } from '@roundtable/core/base/event';
import type { IDisposable } from '@roundtable/core/base/lifecycle';
import { rankFiles } from '@roundtable/core/files/rankFiles';

/** Where the index gets the workspace's files from, and hears that the set of files changed. */
export interface FileSource {
  /** The files the `#` list may offer, workspace-relative and `/`-separated (a slow call in a large workspace). */
  list(): Promise<string[]>;
  /** Calls `changed` whenever a file is created or deleted, or a folder joins or leaves the workspace. */
  watch(changed: () => void): IDisposable;
}

/** How old the list may get before a query reads it again (in the background: that query gets the old list). */
export const LIST_MAX_AGE_MS = 60_000;
/** How long a burst of creations and deletions (a checkout, a build) is waited out before the list is read again. */
export const SETTLE_MS = 300;

/**
 * The workspace's files for the composer's `#` autocomplete, kept in memory so a query is answered at once: every
 * key typed after a `#` asks. Only the first query waits for the list (the page asks on the bare `#`, before a
 * name is typed, so that wait is usually over by the first letter). After that a query always gets the list held
 * now, while a fresh one is read in the background when files were created or deleted (a watcher, started with the
 * first query) or when the list has grown old; a read in progress is shared, never doubled. A read that finds
 * another set of files than the one held says so (`onDidChange`), so a query answered from the old list can be
 * answered again.
 */
export class WorkspaceFileIndex implements IDisposable {
  private paths: string[] | undefined;
  private readAt = 0;
  private reading: Promise<string[]> | undefined;
  /** The watcher, from the first query on; `null` once disposed (nothing starts again). */
  private watcher: IDisposable | undefined | null;
  private settle: ReturnType<typeof setTimeout> | undefined;
  private readonly changes = new Emitter<void>();
  /** Fires when a read replaced the list held with another set of files (never for the first read). */
  readonly onDidChange = this.changes.event;

  constructor(
    private readonly source: FileSource,
    private readonly now: () => number = Date.now,
  ) {}

  /** The files that match `query`, best first (`rankFiles`). */
  async find(query: string): Promise<string[]> {
    if (this.watcher === undefined) this.watcher = this.source.watch(() => this.changed());
    const paths = this.paths ?? (await this.read());
    if (this.now() - this.readAt > LIST_MAX_AGE_MS) this.refresh();
    return rankFiles(paths, query);
  }

  dispose(): void {
    clearTimeout(this.settle);
    this.watcher?.dispose();
    this.watcher = null;
    this.changes.dispose();
  }

  private changed(): void {
    clearTimeout(this.settle);
    this.settle = setTimeout(() => this.refresh(), SETTLE_MS);
  }

  /** Reads the list again in the background; should that fail, the list held stays and the next query tries again. */
  private refresh(): void {
    this.read().catch(() => undefined);
  }

  private read(): Promise<string[]> {
    this.reading ??= this.source.list().then(
      (paths) => {
        const before = this.paths;
        this.reading = undefined;
        this.paths = paths;
        this.readAt = this.now();
        if (before && !sameSet(before, paths)) this.changes.fire();
        return paths;
      },
      (error: unknown) => {
        this.reading = undefined;
        throw error;
      },
    );
    return this.reading;
  }
}

/** Whether two listings hold the same files (a listing's order is the file system's, which may vary). */
function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const held = new Set(a);
  return b.every((path) => held.has(path));
}
