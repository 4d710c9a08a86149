import { computed, signal } from '@preact/signals';
import { MAX_CODE_CHARS, MAX_CODE_LANGUAGE_CHARS, MAX_LINK_CHARS, MAX_USER_TEXT_CHARS } from '@roundtable/core/limits';
import { isRoutable } from '@roundtable/core/present';
import {
  type DiscussionMode,
  type HostToWebview,
  type ProposedChange,
  viewSignal,
  type WebviewToHost,
} from '@roundtable/core/protocol';
import { type ParticipantView, ThreadReplica } from '../state/ThreadReplica';
import type { HostTransport } from '../transport/HostTransport';
import { type Done, type IntentPayload, IntentRequests, type IntentType } from './intentRequests';
import { Notices } from './Notices';
import { PlanViews } from './PlanViews';

export type { Notice } from './Notices';

export type Participant = ParticipantView;

/** Why `send` did or did not post: the composer keeps the draft unless it was sent. */
export type SendResult = 'sent' | 'empty' | 'busy' | 'tooLong';

/**
 * The webview's side of the conversation with the host: the replica of what it shows (`replica`), and the intents
 * the user can send.
 *
 * Invariants:
 * - the replica is only ever what host messages made of it; actions never edit it optimistically (the host
 *   answers every intent with patches or a state, and a `request/done`);
 * - `view/ready` is posted once the listener is attached; `view/resync` whenever the replica loses track, and then
 *   only once until the full state arrives;
 * - every intent gets a request id; a refusal (`request/done` with ok false) becomes the `notice` of the thread
 *   it was made in (`Notices`), and a refused send gives its text back through `onRefused`.
 */
export class ChatModel {
  readonly replica = new ThreadReplica();
  private readonly notices = new Notices(
    computed(() => this.replica.thread.value?.id),
    this.replica.seats,
  );
  /** The host's answer the user should read now (see `Notices` for when it goes away). */
  readonly notice = this.notices.current;
  /** The host's answer for the `#name` asked about last; the composer shows it only while that name is typed. */
  readonly files = signal<{ query: string; files: string[] } | undefined>(undefined);
  /** Goes up each time the host asks to focus the message box. */
  readonly focusRequests = signal(0);
  readonly ready = computed(() => this.replica.thread.value !== undefined);
  readonly busy = computed(() => this.replica.thread.value?.busy ?? false);
  readonly enabledParticipants = computed(() => this.replica.participants.value.filter((p) => p.enabled));
  /** Who can be asked to answer: enabled and not muted (a muted participant stays in the thread, silent). */
  readonly routableParticipants = computed(() => this.replica.participants.value.filter(isRoutable));
  readonly participantsById = computed(
    () => new Map<string, Participant>(this.replica.participants.value.map((p) => [p.id, p])),
  );
  /** What the panel derives per turn plan (its header), never per streamed delta. */
  readonly planViews = new PlanViews(this.replica, this.participantsById);
  /** The groups a message can address: those with at least one member who can answer (the rest would be silent). */
  readonly addressableGroups = computed(() => {
    const routable = new Set(this.routableParticipants.value.map((p) => p.id));
    return this.replica.groups.value.filter((g) => g.members.some((id) => routable.has(id)));
  });

  private readonly unsubscribe: () => void;
  private readonly requests = new IntentRequests();
  /** The last `#name` asked about: an answer to an earlier one comes late and must not replace its answer. */
  private asked: string | undefined;
  private resyncAsked = false;

  constructor(private readonly transport: HostTransport) {
    this.unsubscribe = transport.onMessage((message) => this.receive(message));
    this.post(viewSignal('view/ready'));
  }

  /**
   * Posts the text to the shown thread unless it is blank, too long, or a reply is streaming there (one turn per
   * thread). `onRefused` gets the host's reason if the host refuses it after all. `stances`: the seats of a Council
   * argue sides; said only while the thread is in Council mode (the host ignores it in any other).
   */
  send(text: string, onRefused?: (reason: string) => void, options: { stances?: boolean } = {}): SendResult {
    // Context chips or images alone make a message (the question can be in the code's comments, or the screenshot).
    if (text.trim() === '' && !this.attached.peek()) return 'empty';
    if (text.length > MAX_USER_TEXT_CHARS) return 'tooLong';
    const thread = this.replica.thread.peek();
    if (!thread || thread.busy) return 'busy';
    const stances = options.stances === true && this.replica.mode.peek() === 'council';
    this.intent('chat/send', { threadId: thread.id, text, ...(stances ? { stances: true } : {}) }, (result) => {
      if (!result.ok) onRefused?.(result.reason);
    });
    return 'sent';
  }

  stop(): void {
    const thread = this.replica.thread.peek();
    if (thread) this.intent('chat/stop', { threadId: thread.id });
  }

  /** Chips of editor context or images wait in the composer (either alone makes a message). */
  readonly attached = computed(() => this.replica.context.value.length + this.replica.images.value.length > 0);

  /** Hands an image (base64) to the host, which checks and stores it and puts it in the composer. */
  attachImage(data: string, name?: string): void {
    this.intent('image/attach', name ? { data, name } : { data });
  }

  /** An image the page itself could not take (too large even scaled down, unreadable): said like the host's refusals. */
  refuseImage(reason: string): void {
    this.notices.answered('image/attach', this.replica.thread.peek()?.id, { ok: false, reason });
  }

  /** Takes a chip of editor context (or an image) out of the composer. */
  removeContext(id: string): void {
    this.intent('context/remove', { id });
  }

  /** Asks the host for the workspace files that match a `#name` (answered with `files/found`). */
  findFiles(query: string): void {
    this.asked = query;
    this.intent('files/find', { query });
  }

  /** Asks the host to add a workspace file the `#` list offered as a chip; a refusal says why (binary, gone). */
  addFile(path: string): void {
    this.intent('context/addFile', { path });
  }

  /** Gives the participants the last turn skipped their turn now. */
  continueSkipped(): void {
    this.onShown((threadId) => this.intent('turn/continue', { threadId }));
  }

  /** Everyone who took part in the discussion answers again, having read the whole last round. */
  anotherRound(): void {
    this.onShown((threadId) => this.intent('turn/anotherRound', { threadId }));
  }

  /** Discuss disputes on a Council's synthesis: rounds that argue only its disputed claims (the host checks it). */
  discussDisputes(messageId: string): void {
    this.onShown((threadId) => this.intent('turn/discussDisputes', { threadId, messageId }));
  }

  /** Drops the offer to continue with them. */
  dismissSkipped(): void {
    this.onShown((threadId) => this.intent('turn/dismiss', { threadId }));
  }

  /** Who answers a message in the shown thread that names nobody. */
  setDefaultTarget(participantId: string): void {
    if (participantId) this.onShown((threadId) => this.intent('chat/setTarget', { threadId, participantId }));
  }

  /** How several seats take the next messages of the shown thread. */
  setMode(mode: DiscussionMode): void {
    this.onShown((threadId) => this.intent('chat/setMode', { threadId, mode }));
  }

  /** Asks the table to review a reply: everyone else who can answer, or the members of `groupId`. */
  review(messageId: string, groupId?: string): void {
    this.onShown((threadId) =>
      this.intent('message/review', { threadId, messageId, ...(groupId === undefined ? {} : { groupId }) }),
    );
  }

  regenerateAs(messageId: string, participantId: string): void {
    this.onShown((threadId) => this.intent('message/regenerateAs', { threadId, messageId, participantId }));
  }

  /** Asks the host to open a link; the host checks the scheme, the webview never navigates. */
  openLink(url: string): void {
    if (url && url.length <= MAX_LINK_CHARS) this.intent('link/open', { url });
  }

  /** The user read the Terms-of-Service notice: the host folds it to its line, in every view. */
  dismissTerms(): void {
    this.intent('terms/dismiss', {});
  }

  /** Asks the host to put a code block at the cursor of the editor the user last used. */
  insertCode(code: string): void {
    if (code.length <= MAX_CODE_CHARS) this.intent('code/insert', { code });
  }

  /** Asks the host to open a code block in a new untitled editor, in its language. */
  openCodeInNewFile(code: string, language: string): void {
    if (code.length <= MAX_CODE_CHARS)
      this.intent('code/newFile', { code, language: language.slice(0, MAX_CODE_LANGUAGE_CHARS) });
  }

  /** A change block's button (`review-change`, `apply-change`, `compare-change`, with another seat's proposal). */
  change(action: string, change: ProposedChange, messageId: string): void {
    if (change.code.length > MAX_CODE_CHARS) return;
    if (action === 'compare-change')
      this.onShown((threadId) => this.intent('change/compare', { ...change, threadId, messageId }));
    else this.intent(action === 'apply-change' ? 'change/apply' : 'change/review', change);
  }

  /** Asks the host to do what fixes a seat that cannot answer (it knows what: sign in, install, enable…). */
  fixSeat(participantId: string): void {
    this.intent('seat/fix', { participantId });
  }

  /** Asks the host to clear the pause of the login a participant's seat waits for. */
  resetSeat(participantId: string): void {
    this.intent('seat/reset', { participantId });
  }

  /** Asks the host for the proxy's actions (check again, restart, sign in, show the log). */
  sidecarActions(): void {
    this.intent('sidecar/actions', {});
  }

  newThread(): void {
    this.intent('thread/new', {});
  }

  openThread(threadId: string): void {
    if (threadId && threadId !== this.replica.thread.peek()?.id) this.intent('thread/open', { threadId });
  }

  showPrompt(messageId: string): void {
    this.onShown((threadId) => this.intent('message/prompt', { threadId, messageId }));
  }

  retry(messageId: string): void {
    this.onShown((threadId) => this.intent('message/retry', { threadId, messageId }));
  }

  /** Asks the seat of a reply cut at its length limit to go on from there. */
  continueReply(messageId: string): void {
    this.onShown((threadId) => this.intent('message/continue', { threadId, messageId }));
  }

  deleteMessage(messageId: string): void {
    this.onShown((threadId) => this.intent('message/delete', { threadId, messageId }));
  }

  retrySave(threadId: string): void {
    this.intent('storage/retry', { threadId });
  }

  /** Shows a thread's file (or an unreadable file of the list) in the OS file manager. */
  reveal(threadId: string): void {
    this.intent('storage/reveal', { threadId });
  }

  /** Tells the host the page's Content Security Policy blocked something (see `watchCspViolations`). */
  reportCspViolation(directive: string, blocked: string, sample: string): void {
    this.intent('view/cspViolation', { directive, blocked, sample });
  }

  dismissNotice(): void {
    this.notices.dismiss();
  }

  dispose(): void {
    this.unsubscribe();
  }

  private onShown(fn: (threadId: string) => void): void {
    const thread = this.replica.thread.peek();
    if (thread) fn(thread.id);
  }

  private intent<T extends IntentType>(type: T, payload: IntentPayload<T>, onDone?: Done): void {
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
