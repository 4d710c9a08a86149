import { type FSWatcher, watch } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { IDisposable } from '@roundtable/core/base/lifecycle';
import type { Logger } from '@roundtable/core/ports';
import type { FileThreadRepository } from './FileThreadRepository';
import { THREAD_FILE } from './threadFiles';
import { JOURNAL_FILE } from './threadJournal';

export interface ThreadFolderWatcherOptions {
  /** Events within this window are checked together (a save makes several). */
  debounceMs?: number;
  /** A full check this often, for filesystems whose events do not arrive (network drives). */
  pollMs?: number;
}

/**
 * Tells the repository to look for other windows' writes: on a filesystem event in the threads folder (debounced),
 * and every few seconds in case events are not delivered. The repository decides what actually changed; this only
 * says when to look. Checks never overlap.
 */
export class ThreadFolderWatcher implements IDisposable {
  private watcher: FSWatcher | undefined;
  private poll: ReturnType<typeof setInterval> | undefined;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private readonly pendingIds = new Set<string>();
  private pendingAll = false;
  private running: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly repository: FileThreadRepository,
    private readonly logger: Logger,
    private readonly options: ThreadFolderWatcherOptions = {},
  ) {}

  async start(): Promise<void> {
    const dir = this.repository.folders.threads;
    await mkdir(dir, { recursive: true });
    if (this.disposed) return;
    try {
      this.watcher = watch(dir, { persistent: false }, (_event, filename) => this.onEvent(filename));
      this.watcher.on('error', (error) => {
        this.logger.warn(`Watching ${dir} failed (${error.message}); other windows' changes arrive by polling.`);
        this.watcher?.close();
        this.watcher = undefined;
      });
    } catch (error) {
      this.logger.warn(`Cannot watch ${dir} (${(error as Error).message}); other windows' changes arrive by polling.`);
    }
    this.poll = setInterval(() => this.check(undefined), this.options.pollMs ?? 5_000);
    this.poll.unref?.();
  }

  dispose(): void {
    this.disposed = true;
    this.watcher?.close();
    if (this.poll) clearInterval(this.poll);
    if (this.debounce) clearTimeout(this.debounce);
  }

  private onEvent(filename: string | Buffer | null): void {
    // A save appends to `<id>.journal`; a compaction or a whole write renames `<id>.json`.
    const id =
      typeof filename === 'string' ? (THREAD_FILE.exec(filename)?.[1] ?? JOURNAL_FILE.exec(filename)?.[1]) : undefined;
    if (id) this.pendingIds.add(id);
    else this.pendingAll = true;
    if (this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      const ids = this.pendingAll ? undefined : [...this.pendingIds];
      this.pendingIds.clear();
      this.pendingAll = false;
      this.check(ids);
    }, this.options.debounceMs ?? 50);
  }

  private check(ids: string[] | undefined): void {
    this.running = this.running.then(async () => {
      if (this.disposed) return;
      try {
        // A new file is not known yet: checking only the named ids would miss it, so a named event checks them
        // and the folder stamp (which also reports additions and removals).
        await this.repository.findChanges(ids);
      } catch (error) {
        this.logger.warn(`Checking the threads folder for changes failed: ${(error as Error).message}`);
      }
    });
  }
}
