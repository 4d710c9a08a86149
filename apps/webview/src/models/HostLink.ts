import { computed, signal } from '@preact/signals';
import { MAX_USER_TEXT_CHARS } from '@roundtable/core/limits';
import { type HostToWebview, type TurnCost, viewSignal, type WebviewToHost } from '@roundtable/core/protocol';
import { ThreadReplica } from '../state/ThreadReplica';
import type { HostTransport } from '../transport/HostTransport';
import { type Done, type IntentPayload, IntentRequests, type IntentType } from './intentRequests';
import { Notices } from './Notices';

/**
 * The page's line to the host: the replica of what it shows, kept from host messages; intents posted with request
 * ids and their answers settled; and the host's answers to the two things the composer asks about as the user types
 * (the `#name`'s files, the draft's cost). `ChatModel` adds what the user can do.
 *
 * Invariants:
 * - the replica is only ever what host messages made of it; actions never edit it optimistically (the host
 *   answers every intent with patches or a state, and a `request/done`);
 * - `view/ready` is posted once the listener is attached; `view/resync` whenever the replica loses track, and then
 *   only once until the full state arrives;
 * - every intent gets a request id; a refusal (`request/done` with ok false) becomes the `notice` of the thread
 *   it was made in (`Notices`);
 * - an answer to a question asked before the last of its kind (a `#name`, a draft) is never shown.
 */
export class HostLink {
  readonly replica = new ThreadReplica();
  protected readonly notices = new Notices(
    computed(() => this.replica.thread.value?.id),
    this.replica.seats,
  );
  /** The host's answer the user should read now (see `Notices` for when it goes away). */
  readonly notice = this.notices.current;
  /** The host's answer for the `#name` asked about last; the composer shows it only while that name is typed. */
  readonly files = signal<{ query: string; files: string[] } | undefined>(undefined);
  /** What sending the draft asked about last would cost, as the host counts it (`estimate`). */
  readonly cost = signal<TurnCost | undefined>(undefined);
  /** Goes up each time the host asks to focus the message box. */
  readonly focusRequests = signal(0);

  private readonly unsubscribe: () => void;
  private readonly requests = new IntentRequests();
  /** The last `#name` asked about: an answer to an earlier one comes late and must not replace its answer. */
  private asked: string | undefined;
  /** The last `chat/estimate` posted: only its answer is shown. */
  private costAsked: string | undefined;
  private resyncAsked = false;

  constructor(private readonly transport: HostTransport) {
    this.unsubscribe = transport.onMessage((message) => this.receive(message));
    this.post(viewSignal('view/ready'));
  }

  /** Asks the host what sending `text` to the shown thread now would cost (answered with `cost/estimated`). */
  estimate(text: string, stances: boolean): void {
    const thread = this.replica.thread.peek();
    if (!thread || text.length > MAX_USER_TEXT_CHARS) return;
    const intent = this.requests.make(
      'chat/estimate',
      { threadId: thread.id, text, ...(stances ? { stances } : {}) },
      thread.id,
    );
    this.costAsked = intent.requestId;
    this.post(intent);
  }

  /** Asks the host for the workspace files that match a `#name` (answered with `files/found`). */
  findFiles(query: string): void {
    this.asked = query;
    this.intent('files/find', { query });
  }

  dismissNotice(): void {
    this.notices.dismiss();
  }

  dispose(): void {
    this.unsubscribe();
  }

  protected onShown(fn: (threadId: string) => void): void {
    const thread = this.replica.thread.peek();
    if (thread) fn(thread.id);
  }

  protected intent<T extends IntentType>(type: T, payload: IntentPayload<T>, onDone?: Done): void {
    this.post(this.requests.make(type, payload, this.replica.thread.peek()?.id, onDone));
  }

  private receive(message: HostToWebview): void {
    const result = this.replica.apply(message);
    if (message.type === 'view/state') {
      this.resyncAsked = false;
      this.notices.threadShown(this.replica.thread.peek()?.id);
    }
    if (result === 'resync' && !this.resyncAsked) {
      this.resyncAsked = true;
      this.post(viewSignal('view/resync'));
    }
    if (message.type === 'composer/focus') this.focusRequests.value += 1;
    if (message.type === 'files/found' && message.payload.query === this.asked) this.files.value = message.payload;
    if (message.type === 'cost/estimated' && message.payload.requestId === this.costAsked) {
      this.cost.value = message.payload.cost;
    }
    // An answer counts even when the replica lost track: the request is over either way.
    if (message.type === 'request/done') {
      const { requestId, ...answer } = message.payload;
      const request = this.requests.settle(requestId);
      request?.onDone?.(answer);
      // An answer to a request this page never made (a previous page's) has no thread or kind to belong to.
      if (request) this.notices.answered(request.intent, request.threadId, answer);
    }
  }

  private post(message: WebviewToHost): void {
    this.transport.post(message);
  }
}
