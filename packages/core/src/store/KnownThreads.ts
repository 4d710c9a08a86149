import { errorMessage } from '../base/errors';
import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { FirstStoredThreads, StoredThreadList } from './ports';
import { type ReadonlyCatalog, ThreadCatalog } from './ThreadCatalog';
import type { ThreadChange, ThreadStoreDeps } from './types';

/**
 * What the store knows of every stored thread without loading any: the list (its newest part read first, the rest
 * filling in behind), the unreadable files and the save problems (`catalog`), and the events every change of the
 * store comes out as. A window's first state needs no more of the store than this.
 */
export abstract class KnownThreads extends Disposable {
  protected readonly changeEmitter = this._register(new Emitter<ThreadChange>((e) => this.logListenerError(e)));
  readonly onDidChange: Event<ThreadChange> = this.changeEmitter.event;
  protected readonly known = new ThreadCatalog((change) => this.changeEmitter.fire(change));
  private initialized: Promise<void> | undefined;
  /** Settles once the whole stored list is known (at once, unless the repository gives its newest part first). */
  protected completed: Promise<void> = Promise.resolve();

  constructor(protected readonly deps: ThreadStoreDeps) {
    super();
  }

  /**
   * Reads the list of stored threads (once; later calls share it): its newest part when the repository can give it
   * first, the rest filling in behind (`listComplete`). A failure leaves the list empty, logged.
   */
  initialize(): Promise<void> {
    const { repository, logger } = this.deps;
    this.initialized ??= (repository.listFirst?.() ?? repository.list()).then(
      (first: FirstStoredThreads) => {
        this.known.start(first);
        if (first.rest) {
          this.completed = first.rest.then(
            (all) => this.fillList(all),
            (error: unknown) => logger.error(`Could not read the rest of the thread list: ${errorMessage(error)}`),
          );
        } else logger.info(`Thread list: ${first.threads.length} thread(s), ${first.unreadable.length} unreadable.`);
      },
      (error: unknown) => logger.error(`Could not read the thread list: ${errorMessage(error)}`),
    );
    return this.initialized;
  }

  /** Resolves once the whole stored list is known (a thread picker waits for it; a first state does not). */
  async listComplete(): Promise<void> {
    await this.initialize();
    await this.completed;
  }

  /** What is known of every thread without loading it: the list, unreadable files, save problems. */
  get catalog(): ReadonlyCatalog {
    return this.known;
  }

  /** The rest of the list arrived: one announcement for it all. A failure keeps what is known, logged. */
  private fillList(all: StoredThreadList): void {
    if (this.known.fill(all)) this.changeEmitter.fire({ kind: 'listFilled' });
    this.deps.logger.info(`Thread list: ${all.threads.length} thread(s), ${all.unreadable.length} unreadable.`);
  }

  private logListenerError(error: unknown): void {
    this.deps.logger.error(`A thread listener failed: ${errorMessage(error)}`);
  }
}
