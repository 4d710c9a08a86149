import { assertNever, type ChatState, type HostToWebview } from '@roundtable/core/protocol';

export type ChatMessage = ChatState['transcript']['messages'][number];

export interface ReduceResult {
  state: ChatState | undefined;
  /** The replica can no longer be trusted: ask the host for a full `state` (post `ready`). */
  resync: boolean;
}

/**
 * The webview's replica reducer (pure: same input, same output, inputs never mutated).
 *
 * The host owns the state; this only replays what it says, and refuses to guess:
 * - `state` replaces everything (it is always the truth, whatever came before).
 * - `delta` appends only when `offset` equals the message's current content length, measured in UTF-16 code
 *   units (JS `string.length`) on both sides. A gap, a duplicate, an unknown message or a delta before any
 *   state leaves the replica unchanged and asks for a resync, so a wrong text is never rendered.
 * - `messageStatus` sets status and error (an absent error clears a stale one); unknown message -> resync.
 * - `sidecarStatus` replaces the pill; before the first state there is nothing to attach it to, and the
 *   coming `state` carries it anyway.
 * Unchanged messages keep their identity, so views can skip work for them.
 */
export function applyHostMessage(state: ChatState | undefined, message: HostToWebview): ReduceResult {
  switch (message.type) {
    case 'state':
      return { state: message.payload, resync: false };
    case 'delta': {
      const { messageId, contentDelta, offset } = message.payload;
      const target = state?.transcript.messages.find((m) => m.id === messageId);
      if (!state || !target || target.content.length !== offset) {
        return { state, resync: true };
      }
      return {
        state: updateMessage(state, messageId, (m) => ({ ...m, content: m.content + contentDelta })),
        resync: false,
      };
    }
    case 'messageStatus': {
      const { messageId, status, error } = message.payload;
      if (!state?.transcript.messages.some((m) => m.id === messageId)) {
        return { state, resync: true };
      }
      return {
        state: updateMessage(state, messageId, ({ error: _previous, ...rest }) =>
          error === undefined ? { ...rest, status } : { ...rest, status, error },
        ),
        resync: false,
      };
    }
    case 'sidecarStatus':
      return { state: state && { ...state, sidecarStatus: message.payload }, resync: false };
    default:
      return assertNever(message);
  }
}

function updateMessage(state: ChatState, id: string, update: (message: ChatMessage) => ChatMessage): ChatState {
  return {
    ...state,
    transcript: {
      ...state.transcript,
      messages: state.transcript.messages.map((m) => (m.id === id ? update(m) : m)),
    },
  };
}
