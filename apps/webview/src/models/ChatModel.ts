import { computed } from '@preact/signals';
import { MAX_CODE_CHARS, MAX_CODE_LANGUAGE_CHARS, MAX_LINK_CHARS, MAX_USER_TEXT_CHARS } from '@roundtable/core/limits';
import { isRoutable } from '@roundtable/core/present';
import type { DiscussionMode, ProposedChange } from '@roundtable/core/protocol';
import type { ParticipantView } from '../state/ThreadReplica';
import { HostLink } from './HostLink';
import { PlanViews } from './PlanViews';

export type { Notice } from './Notices';

export type Participant = ParticipantView;

/** Why `send` did or did not post: the composer keeps the draft unless it was sent. */
export type SendResult = 'sent' | 'empty' | 'busy' | 'tooLong';

/**
 * The webview's side of the conversation with the host: the replica of what it shows (`replica`, kept by `HostLink`,
 * whose invariants hold here), what the panel derives from it, and the intents the user can send. A refused send gives
 * its text back through `onRefused`.
 */
export class ChatModel extends HostLink {
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

  /** A Council that ended at its unanimous vote runs its reviews and synthesis after all. */
  reviewAnyway(planId: string): void {
    this.onShown((threadId) => this.intent('turn/reviewAnyway', { threadId, planId }));
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
}
