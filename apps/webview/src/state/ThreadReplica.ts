import { batch, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import {
  assertNever,
  type DiscussionMode,
  type HostToWebview,
  type MessagePatchPayload,
  type PendingContext,
  type PendingImage,
  type SaveProblem,
  type SeatGroup,
  type SeatMap,
  type SeatSpending,
  type SidecarStatus,
  type TermsNoticeForm,
  type ThreadListEntry,
  type TurnPlan,
  type TurnView,
  type ViewMessage,
  type ViewState,
} from '@roundtable/core/protocol';
import { sameJson } from './sameJson';

export type ParticipantView = ViewState['participants'][number];
/** The shown thread's own fields; its messages, mode and plans each live in their own signals. */
export type ShownThreadMeta = Omit<ViewState['thread'], 'messages' | 'mode' | 'plans'>;

/** What applying one host message did: used it, ignored it (waiting for a full state), or lost track. */
export type ApplyResult = 'applied' | 'ignored' | 'resync';

const NO_SIDECAR: SidecarStatus = { state: 'checking', detail: 'Checking CLIProxyAPI…' };

/**
 * The webview's replica of what the host shows it. The host owns the state; this only replays what it says,
 * and never guesses:
 * - `view/state` replaces everything and sets the sequence baseline;
 * - every other message must carry the next sequence number and the shown thread, and must fit what is here
 *   (a patch for a known message; appended text at exactly the current length, in UTF-16 code units as on the
 *   host; an added message that is new). A plan always fits: plans never change, so one already here (sent again,
 *   or carried by the last state) is kept as it is. Anything else leaves the replica as it was and answers `resync`, after
 *   which everything is ignored until the host's full state arrives. So a wrong text is never shown.
 *
 * Each message lives in its own signal and the order in another, so a streamed delta costs O(1) however long
 * the thread is, and only that message's view re-renders. Adding a message copies the id list (once per message).
 */
export class ThreadReplica {
  readonly thread = signal<ShownThreadMeta | undefined>(undefined);
  readonly order = signal<readonly string[]>([]);
  readonly threads = signal<readonly ThreadListEntry[]>([]);
  readonly participants = signal<readonly ParticipantView[]>([]);
  readonly defaultTarget = signal<string | null>(null);
  /** Named sets of seats (`@reviewers`), in the settings' order. */
  readonly groups = signal<readonly SeatGroup[]>([]);
  /** How several seats take a message in the shown thread. */
  readonly mode = signal<DiscussionMode>('discuss');
  /**
   * The shown thread's turn plans by id. A plan never changes once made, so a plan's object stays the same until a
   * full state replaces them all; a plan arriving copies the map (once per turn, never per delta).
   */
  readonly plans = signal<ReadonlyMap<string, TurnPlan>>(new Map());
  readonly sidecar = signal<SidecarStatus>(NO_SIDECAR);
  /** Seats that are not simply ready, by participant id (managed mode only). */
  readonly seats = signal<SeatMap>({});
  /** What each seat spent today and in the last 5 hours, by participant id (a seat absent spent nothing lately). */
  readonly spending = signal<SeatSpending>({});
  readonly saveProblems = signal<readonly SaveProblem[]>([]);
  /** How the Terms-of-Service notice shows: in full, as its line, or (a host with none to give) not at all. */
  readonly termsNotice = signal<TermsNoticeForm | undefined>(undefined);
  /** Who answers now and who is queued, or who the last turn skipped. */
  readonly turn = signal<TurnView | undefined>(undefined);
  /** Editor context waiting in the composer, as chips. */
  readonly context = signal<readonly PendingContext[]>([]);
  /** Images waiting in the composer. */
  readonly images = signal<readonly PendingImage[]>([]);
  private messages = new Map<string, Signal<ViewMessage>>();
  /** The sequence number the next message must carry; undefined while waiting for a full state. */
  private expected: number | undefined;

  message(id: string): ReadonlySignal<ViewMessage> | undefined {
    return this.messages.get(id);
  }

  /** Every message in order (O(n): for tests and full reads, not per render). */
  messageList(): ViewMessage[] {
    return this.order.peek().flatMap((id) => {
      const m = this.messages.get(id);
      return m ? [m.peek()] : [];
    });
  }

  apply(message: HostToWebview): ApplyResult {
    if (message.type === 'view/state') {
      this.reset(message.payload);
      this.expected = message.seq + 1;
      return 'applied';
    }
    if (this.expected === undefined) return 'ignored';
    if (message.seq !== this.expected || message.threadId !== this.thread.peek()?.id) return this.lost();
    const ok = this.patch(message);
    if (!ok) return this.lost();
    this.expected += 1;
    return 'applied';
  }

  private patch(message: Exclude<HostToWebview, { type: 'view/state' }>): boolean {
    switch (message.type) {
      case 'message/added': {
        const { message: added, index } = message.payload;
        const order = this.order.peek();
        if (this.messages.has(added.id) || index > order.length) return false;
        this.messages.set(added.id, signal(added));
        this.order.value = index === order.length ? [...order, added.id] : order.toSpliced(index, 0, added.id);
        return true;
      }
      case 'message/patched': {
        const target = this.messages.get(message.payload.messageId);
        if (!target) return false;
        const next = applyPatch(target.peek(), message.payload);
        if (!next) return false;
        target.value = next;
        return true;
      }
      case 'threads/changed': {
        const { entry } = message.payload;
        batch(() => {
          this.threads.value = upsertEntry(this.threads.peek(), entry);
          const shown = this.thread.peek();
          if (shown?.id === entry.id && !entry.unreadable) {
            this.thread.value = { ...shown, title: entry.title, updatedAt: entry.updatedAt, busy: entry.busy };
          }
        });
        return true;
      }
      case 'threads/listed':
        this.threads.value = message.payload.entries;
        return true;
      case 'threads/removed':
        this.threads.value = this.threads.peek().filter((t) => t.id !== message.payload.threadId);
        return true;
      case 'table/changed':
        batch(() => {
          this.participants.value = message.payload.participants;
          this.groups.value = message.payload.groups;
          this.defaultTarget.value = message.payload.defaultTarget;
          this.mode.value = message.payload.mode;
        });
        return true;
      case 'plan/added': {
        // Plans are immutable: one already here (another window made it, or a state carried it) is kept as it is.
        const { plan } = message.payload;
        const plans = this.plans.peek();
        if (!plans.has(plan.id)) this.plans.value = new Map(plans).set(plan.id, plan);
        return true;
      }
      case 'sidecar/changed':
        this.sidecar.value = message.payload;
        return true;
      case 'seats/changed':
        this.seats.value = message.payload;
        return true;
      case 'storage/changed':
        this.saveProblems.value = message.payload.saveProblems;
        return true;
      case 'spending/changed':
        this.spending.value = message.payload.seats;
        return true;
      case 'terms/changed':
        this.termsNotice.value = message.payload.notice;
        return true;
      case 'context/changed':
        this.context.value = message.payload.blocks;
        this.images.value = message.payload.images ?? [];
        return true;
      case 'turn/changed':
        this.turn.value = message.payload.turn ?? undefined;
        return true;
      case 'request/done':
      case 'composer/focus':
      case 'files/found':
      case 'cost/estimated':
        return true; // acted on by the model; it only has to be in sequence
      default:
        return assertNever(message);
    }
  }

  /**
   * A full state replaces everything. For the thread already shown (a resync, or another window's change) it keeps
   * what did not change: a message that reads the same keeps its signal and value, and every other signal whose value
   * reads the same keeps its object, so the views of unchanged messages do not render again (their props are the same
   * objects). Another thread starts from new signals.
   */
  private reset(state: ViewState): void {
    const { messages, mode, plans, ...meta } = state.thread;
    const same = this.thread.peek()?.id === meta.id;
    const previous = same ? this.messages : new Map<string, Signal<ViewMessage>>();
    batch(() => {
      this.messages = new Map();
      for (const m of messages) {
        const kept = previous.get(m.id);
        if (kept) update(kept, m);
        this.messages.set(m.id, kept ?? signal(m));
      }
      const ids = messages.map((m) => m.id);
      // Another thread always comes with a new order (the list renders for it), even one with the same ids.
      if (!same || !sameJson(this.order.peek(), ids)) this.order.value = ids;
      update(this.thread, meta);
      update(this.mode, mode);
      if (!sameJson([...this.plans.peek().values()], plans)) this.plans.value = new Map(plans.map((p) => [p.id, p]));
      update(this.groups, state.groups);
      update(this.participants, state.participants);
      update(this.defaultTarget, state.defaultTarget);
      update(this.sidecar, state.sidecar);
      update(this.seats, state.seats ?? {});
      update(this.spending, state.spending ?? {});
      update(this.saveProblems, state.saveProblems);
      update(this.termsNotice, state.termsNotice);
      update(this.turn, state.turn);
      update(this.context, state.context ?? []);
      update(this.images, state.images ?? []);
    });
  }

  private lost(): ApplyResult {
    this.expected = undefined;
    return 'resync';
  }
}

/** Sets a signal to a value from the host unless it holds one that reads the same (whose object it then keeps). */
function update<T>(target: Signal<T>, value: T): void {
  if (!sameJson(target.peek(), value)) target.value = value;
}

/** A message with a patch applied, or undefined when the patch does not fit it (appended text at a wrong offset). */
export function applyPatch(m: ViewMessage, patch: MessagePatchPayload): ViewMessage | undefined {
  if (patch.append && patch.append.offset !== m.content.length) return undefined;
  const next: ViewMessage = { ...m };
  if (patch.append) next.content = m.content + patch.append.text;
  if (patch.content !== undefined) next.content = patch.content;
  if (patch.status !== undefined) next.status = patch.status;
  if (patch.error === null) delete next.error;
  else if (patch.error !== undefined) next.error = patch.error;
  if (patch.usage === null) delete next.usage;
  else if (patch.usage !== undefined) next.usage = patch.usage;
  if (patch.attempt === null) delete next.attempt;
  else if (patch.attempt !== undefined) next.attempt = patch.attempt;
  if (patch.leftOut === null) delete next.leftOut;
  else if (patch.leftOut !== undefined) next.leftOut = patch.leftOut;
  if (patch.timing === null) delete next.timing;
  else if (patch.timing !== undefined) next.timing = patch.timing;
  if (patch.synthesis === null) delete next.synthesis;
  else if (patch.synthesis !== undefined) next.synthesis = patch.synthesis;
  if (patch.positions === null) delete next.positions;
  else if (patch.positions !== undefined) next.positions = patch.positions;
  if (patch.cutOff === null) delete next.cutOff;
  else if (patch.cutOff !== undefined) next.cutOff = patch.cutOff;
  if (patch.cutAtLength === null) delete next.cutAtLength;
  else if (patch.cutAtLength !== undefined) next.cutAtLength = patch.cutAtLength;
  return next;
}

/** Inserts or replaces a list entry, keeping the list newest first (unreadable files, dated 1970, last). */
function upsertEntry(list: readonly ThreadListEntry[], entry: ThreadListEntry): ThreadListEntry[] {
  const rest = list.filter((t) => t.id !== entry.id);
  const at = Date.parse(entry.updatedAt);
  const index = rest.findIndex((t) => Date.parse(t.updatedAt) < at);
  return index === -1 ? [...rest, entry] : rest.toSpliced(index, 0, entry);
}
