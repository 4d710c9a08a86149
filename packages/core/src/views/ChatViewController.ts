import * as v from 'valibot';
import { Disposable } from '../base/lifecycle';
import { type IntentResult, OK } from '../orchestrator/result';
import { systemClock } from '../ports';
import { hostMessage } from '../protocol/builders';
import type { HostMessageType, HostPayload, HostToWebview, ThreadListEntry } from '../protocol/hostToWebview';
import type { SeatSpending } from '../protocol/seatSpending';
import type { TurnCost } from '../protocol/turnCost';
import { ViewSignal } from '../protocol/viewSignals';
import type { UnreadableThread } from '../store/ports';
import type { ThreadChange } from '../store/ThreadStore';
import { PendingContextBox } from './PendingContextBox';
import type { SeatSpendingFeed } from './SeatSpendingFeed';
import { ViewThread } from './ViewThread';
import {
  listEntries,
  openingStateOf,
  saveProblemsView,
  shownIndex,
  summaryEntry,
  toPatchPayload,
  toViewMessage,
  turnView,
  unreadableChanges,
  viewStateOf,
} from './viewModel';
import type { ChatViewDeps } from './viewPorts';

export type { ChatViewDeps, HostActions, StatusSource } from './viewPorts';

/** How many of the newest threads a page's list holds (the rest stay with the host's thread picker). */
const LIST_PAGE = 50;

/**
 * One chat view (the sidebar, or an editor panel): which thread it shows, and the protocol between it and its
 * webview. Each view has its own current thread; a reply keeps running when the view moves to another thread.
 *
 * Invariants:
 * - nothing is posted until the page says `view/ready` (a message posted before its listener exists is lost), and
 *   after `markHidden` until it says so again;
 * - every posted message carries the shown thread and the next sequence number; a full `view/state` goes out only
 *   on `view/ready`, `view/resync` and a change of thread (the first thread's shell, while it is read, counts as one:
 *   its full state follows); everything else is a patch whose size does not depend on the thread's length;
 * - every intent is answered with exactly one `request/done`.
 */
export class ChatViewController extends Disposable {
  /** Which thread this view shows: chosen from the list at first (its shell shown while it is read), then loaded. */
  private readonly thread: ViewThread;
  /** What each seat spent, kept current while the page is there. */
  /** What each seat spent (`SeatSpendingFeed`): its code loads when the view first opens; a first state has no sums. */
  private spending: SeatSpendingFeed | undefined;
  private spendingCode: Promise<void> | undefined;
  private ready = false;
  private seq = 0;
  /** The composer should take focus once the page is ready (the focus command ran while it was not). */
  private focusPending = false;
  /** The unreadable files as last told to the page (known once the list is read). */
  private unreadable: Map<string, UnreadableThread> | undefined;
  /** Editor context waiting in this view's composer ("Add Selection to Chat"). */
  readonly context = this._register(new PendingContextBox());
  readonly filesFound = (query: string, files: string[]) => this.send('files/found', { query, files });
  readonly costEstimated = (requestId: string, cost: TurnCost) => this.send('cost/estimated', { requestId, cost });

  constructor(
    private readonly deps: ChatViewDeps,
    private readonly post: (message: HostToWebview) => void,
  ) {
    super();
    const { orchestrator } = deps;
    this.thread = this._register(new ViewThread(orchestrator, () => this.sendState()));
    this._register(orchestrator.store.onDidChange((change) => this.onStoreChange(change)));
    this._register(
      orchestrator.runner.onDidChangeBusy(({ threadId, busy }) => {
        const summary = orchestrator.store.summary(threadId);
        if (summary && summary.messageCount > 0) this.send('threads/changed', { entry: summaryEntry(summary, busy) });
      }),
    );
    this._register(
      orchestrator.runner.onDidChangeProgress(({ threadId }) => {
        if (threadId === this.threadId) this.send('turn/changed', { turn: turnView(deps, threadId) ?? null });
      }),
    );
    this._register(orchestrator.table.onDidChange(() => this.sendTable()));
    this._register(deps.sidecar.onDidChange((status) => this.send('sidecar/changed', status)));
    if (deps.seats) this._register(deps.seats.onDidChange((seats) => this.send('seats/changed', seats)));
    if (deps.terms) this._register(deps.terms.onDidChange((notice) => this.send('terms/changed', { notice })));
    this._register(this.context.onDidChange((pending) => this.send('context/changed', pending)));
  }

  /** The thread this view shows, loaded or being read (undefined until its first `view/ready`). */
  get threadId(): string | undefined {
    return this.thread.threadId;
  }

  /** The page is gone (hidden and not retained) until it sends `view/ready` again. */
  markHidden(): void {
    this.ready = false;
    this.spending?.pause();
  }

  /**
   * Validates and carries out one message from the webview. Invalid messages are logged and dropped. The page's signals
   * are checked at once; every other message is an intent, checked by the intents' own schemas, which load with the
   * code that carries them out (`receiveIntent`): a window's first state needs neither.
   */
  async receive(raw: unknown): Promise<void> {
    if (v.is(ViewSignal, raw)) {
      // The first state waits for the list, not for the thread: a thread still being read goes out as its shell,
      // and its full state follows once it is loaded (`ensureThread`), however long it is.
      await this.chooseThread();
      this.ready = true;
      this.resumeSpending();
      this.sendState();
      this.sendListPage();
      if (this.focusPending) this.focusComposer();
      await this.ensureThread();
      return;
    }
    const { receiveIntent } = await import('./receiveIntent');
    await receiveIntent(raw, this, this.deps, {
      ready: () => this.ensureThread(),
      answer: (done) => this.send('request/done', done),
    });
  }

  /** Shows another thread (the thread history command, or the view's own list). */
  async openThread(threadId: string): Promise<IntentResult> {
    await this.ensureThread();
    if (threadId === this.threadId) return OK;
    const opened = await this.deps.orchestrator.store.open(threadId);
    if (!opened.ok) return opened;
    this.thread.show(opened.lease);
    return OK;
  }

  /** The threads as this view lists them (newest first, then the unreadable ones) and the one it shows. */
  async threads(): Promise<{ entries: ThreadListEntry[]; shown: string | undefined }> {
    await this.ensureThread();
    const { store, runner } = this.deps.orchestrator;
    await store.listComplete();
    return { entries: listEntries(store, (id) => runner.isBusy(id)), shown: this.threadId };
  }

  /** Puts the keyboard in the message box: now if the page is there, else as soon as it is. */
  focusComposer(): void {
    this.focusPending = !this.ready;
    if (this.ready) this.send('composer/focus', {});
  }

  /** Shows a new, empty thread (the "New thread" command). */
  async newThread(): Promise<IntentResult> {
    await this.ensureThread();
    const current = this.threadId;
    if (current && this.deps.orchestrator.store.transcript(current)?.messages.length === 0) return OK;
    this.thread.show(await this.deps.orchestrator.newThread());
    return OK;
  }

  /** The first time: the thread list read and a thread chosen (`ViewThread.choose`); the unreadable files known. */
  private async chooseThread(): Promise<void> {
    await this.thread.choose();
    this.unreadable ??= new Map(this.deps.orchestrator.store.catalog.unreadable().map((u) => [u.key, u]));
  }

  /** The first time: the chosen thread loaded and shown (`ViewThread.ensure`); every other path waits for it. */
  private async ensureThread(): Promise<void> {
    await this.chooseThread();
    await this.thread.ensure();
  }

  /** The view is open: its sums go on (the feed's code loaded the first time, then they follow in an update). */
  private resumeSpending(): void {
    const { store } = this.deps.orchestrator;
    this.spending?.resume();
    this.spendingCode ??= import('./SeatSpendingFeed').then(({ SeatSpendingFeed }) => {
      if (this._store.isDisposed) return;
      const send = (seats: SeatSpending) => this.send('spending/changed', { seats });
      this.spending = this._register(
        new SeatSpendingFeed(store, this.deps.clock ?? systemClock, send, this.deps.logger),
      );
      if (this.ready) this.spending.resume();
    });
  }

  /** The shown thread's full state, or its shell while it is being read. */
  private sendState(): void {
    const threadId = this.threadId;
    if (!threadId || !this.ready || this._store.isDisposed) return;
    const { current, currentImages } = this.context;
    const state = this.thread.isLoaded
      ? viewStateOf(this.deps, threadId, current, currentImages)
      : openingStateOf(this.deps, threadId, current, currentImages);
    const spending = this.spending?.current();
    this.post(hostMessage('view/state', this.seq++, threadId, spending ? { ...state, spending } : state));
    // An older thread's syntheses are read once it is shown; each reading follows as a patch.
    if (this.thread.isLoaded) void this.deps.orchestrator.readOlderSyntheses(threadId);
  }

  /** The thread list's first page, on its own (see `threads/listed`); again once a list read in parts is whole. */
  private sendListPage(): void {
    const { store, runner } = this.deps.orchestrator;
    const entries = listEntries(store, (id) => runner.isBusy(id), LIST_PAGE);
    this.send('threads/listed', { entries, total: store.catalog.list().length });
  }

  private onStoreChange(change: ThreadChange): void {
    const { store, runner } = this.deps.orchestrator;
    switch (change.kind) {
      case 'messageAdded':
        if (change.threadId === this.threadId) {
          const index = shownIndex(store.transcript(change.threadId)?.messages ?? [], change.message.id, change.index);
          this.send('message/added', { message: toViewMessage(change.message), index });
        }
        return;
      case 'choicesChanged':
        if (change.threadId === this.threadId) this.sendTable();
        return;
      case 'planAdded':
        if (change.threadId === this.threadId) this.send('plan/added', { plan: change.plan });
        return;
      case 'messageChanged':
        if (change.threadId === this.threadId) {
          this.send('message/patched', toPatchPayload(change.message.id, change.patch));
          // A reply that ended while no turn of this window runs (another window's, or one found cut off by a
          // crash) may change what is offered: the runner's progress says nothing of it.
          if (change.patch.status && !runner.isBusy(change.threadId)) {
            this.send('turn/changed', { turn: turnView(this.deps, change.threadId) ?? null });
          }
        }
        return;
      case 'summaryChanged':
        this.send('threads/changed', { entry: summaryEntry(change.summary, runner.isBusy(change.threadId)) });
        return;
      case 'threadRemoved':
        this.send('threads/removed', { threadId: change.threadId });
        if (change.threadId === this.threadId && this.thread.isLoaded) void this.thread.replaceRemoved(change.threadId);
        return;
      case 'unreadableChanged': {
        const { next, removed, changed } = unreadableChanges(this.unreadable ?? new Map(), change.unreadable);
        for (const key of removed) this.send('threads/removed', { threadId: key });
        for (const entry of changed) this.send('threads/changed', { entry });
        this.unreadable = next;
        return;
      }
      case 'listFilled':
        this.sendListPage();
        return;
      case 'saveProblemChanged':
        this.send('storage/changed', { saveProblems: saveProblemsView(store, store.catalog.saveProblems()) });
        return;
    }
  }

  /** Who sits at the table, who the shown thread speaks to, and how it takes a message. */
  private sendTable(): void {
    const { table, store } = this.deps.orchestrator;
    const threadId = this.threadId;
    this.send('table/changed', {
      participants: table.participants,
      groups: table.settings.groups,
      defaultTarget: this.deps.orchestrator.speakingTo(threadId),
      mode: (threadId && store.choices(threadId)?.mode) || 'discuss',
    });
  }

  private send<T extends HostMessageType>(type: T, payload: HostPayload<T>): void {
    const threadId = this.threadId;
    if (!this.ready || !threadId || this._store.isDisposed) return;
    this.post(hostMessage(type, this.seq++, threadId, payload));
  }
}
