import { computed, signal } from '@preact/signals';
import {
  type ChatState,
  type HostToWebview,
  MAX_USER_TEXT_CHARS,
  type WebviewToHost,
  webviewMessage,
} from '@roundtable/core/protocol';
import { applyHostMessage } from '../state/applyHostMessage';
import type { HostTransport } from '../transport/HostTransport';

export type Participant = ChatState['participants'][number];

/** Why `send` did or did not post: the composer keeps the draft unless it was sent. */
export type SendResult = 'sent' | 'empty' | 'busy' | 'tooLong';

/** The longest URL the protocol's `openLink` accepts; longer ones would be dropped by the host's validation. */
const MAX_LINK_CHARS = 8192;

/**
 * The webview's replica of the host's chat state, plus the intents the user can send.
 *
 * Invariants:
 * - `state` is only ever what `applyHostMessage` made of host messages; actions never edit it optimistically
 *   (the host answers every intent with a `state` or `delta`).
 * - `ready` is posted right after the listener is attached, and again whenever the reducer reports that the
 *   replica cannot be trusted (the host answers with a full `state`). There is no de-duplication: a burst of
 *   stale deltas costs a few extra full states, never a stuck view.
 */
export class ChatModel {
  readonly state = signal<ChatState | undefined>(undefined);
  readonly enabledParticipants = computed(() => this.state.value?.participants.filter((p) => p.enabled) ?? []);
  readonly participantsById = computed(
    () => new Map<string, Participant>(this.state.value?.participants.map((p) => [p.id, p]) ?? []),
  );

  private readonly unsubscribe: () => void;

  constructor(private readonly transport: HostTransport) {
    this.unsubscribe = transport.onMessage((message) => this.receive(message));
    this.post(webviewMessage('ready', {}));
  }

  /** Posts `sendMessage` unless the text is blank, too long, or a turn is running (turns are sequential). */
  send(text: string): SendResult {
    if (text.trim() === '') return 'empty';
    if (text.length > MAX_USER_TEXT_CHARS) return 'tooLong';
    if (this.state.peek()?.busy) return 'busy';
    this.post(webviewMessage('sendMessage', { text }));
    return 'sent';
  }

  stop(): void {
    this.post(webviewMessage('stopGeneration', {}));
  }

  setDefaultTarget(participantId: string): void {
    if (participantId) this.post(webviewMessage('setDefaultTarget', { participantId }));
  }

  /** Asks the host to open a link; the host checks the scheme, the webview never navigates. */
  openLink(url: string): void {
    if (url && url.length <= MAX_LINK_CHARS) this.post(webviewMessage('openLink', { url }));
  }

  newThread(): void {
    this.post(webviewMessage('newThread', {}));
  }

  switchThread(threadId: string): void {
    if (threadId) this.post(webviewMessage('switchThread', { threadId }));
  }

  retry(messageId: string): void {
    this.post(webviewMessage('retryMessage', { messageId }));
  }

  deleteMessage(messageId: string): void {
    this.post(webviewMessage('deleteMessage', { messageId }));
  }

  dispose(): void {
    this.unsubscribe();
  }

  private receive(message: HostToWebview): void {
    const { state, resync } = applyHostMessage(this.state.peek(), message);
    this.state.value = state;
    if (resync) this.post(webviewMessage('ready', {}));
  }

  private post(message: WebviewToHost): void {
    this.transport.post(message);
  }
}
