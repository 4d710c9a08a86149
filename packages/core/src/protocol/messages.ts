import * as z from 'zod';
import { ParticipantConfig } from '../participants/participant';
import { MessageStatus, ThreadSummary, TranscriptShape } from '../transcript/schema';

/**
 * The webview <-> host protocol (brief section 11). Every message is `{ v, type, payload }`, validated with
 * these schemas on arrival at either end; a message that fails is logged and dropped, never cast.
 * Adding a message: add its schema here and its case in the handler (the `switch` is exhaustive).
 */
export const PROTOCOL_VERSION = 1;

const v = z.literal(PROTOCOL_VERSION);
const empty = z.strictObject({});
const id = z.string().min(1).max(200);

/** The longest message a user may send; longer text is refused with a readable error, not truncated. */
export const MAX_USER_TEXT_CHARS = 200_000;

// ---- webview -> host: intents ---------------------------------------------------------------------------

export const WebviewToHost = z.discriminatedUnion('type', [
  /** The webview's listener is attached; the host answers with a full `state`. Sent again after a reload. */
  z.strictObject({ v, type: z.literal('ready'), payload: empty }),
  z.strictObject({
    v,
    type: z.literal('sendMessage'),
    payload: z.strictObject({
      text: z.string().max(MAX_USER_TEXT_CHARS),
      targets: z.array(id).max(32).optional(),
    }),
  }),
  z.strictObject({ v, type: z.literal('stopGeneration'), payload: empty }),
  z.strictObject({ v, type: z.literal('newThread'), payload: empty }),
  z.strictObject({ v, type: z.literal('switchThread'), payload: z.strictObject({ threadId: id }) }),
  z.strictObject({ v, type: z.literal('setDefaultTarget'), payload: z.strictObject({ participantId: id }) }),
  z.strictObject({ v, type: z.literal('retryMessage'), payload: z.strictObject({ messageId: id }) }),
  z.strictObject({ v, type: z.literal('deleteMessage'), payload: z.strictObject({ messageId: id }) }),
  z.strictObject({ v, type: z.literal('openSettings'), payload: empty }),
  z.strictObject({ v, type: z.literal('requestLogin'), payload: z.strictObject({ provider: id }) }),
  /** A link the user clicked in rendered markdown. The host opens it only after checking its scheme. */
  z.strictObject({ v, type: z.literal('openLink'), payload: z.strictObject({ url: z.string().max(8192) }) }),
]);
export type WebviewToHost = z.infer<typeof WebviewToHost>;
export type WebviewIntentType = WebviewToHost['type'];

// ---- host -> webview: state ------------------------------------------------------------------------------

export const SidecarStatus = z.strictObject({
  ok: z.boolean(),
  /** One line for the status pill's tooltip: what is wrong and what to do, or which proxy is in use. */
  detail: z.string(),
  /** True while the first check has not answered yet. */
  pending: z.boolean().optional(),
});
export type SidecarStatus = z.infer<typeof SidecarStatus>;

export const ChatState = z.strictObject({
  /** The open thread. It may hold one `streaming` message (the reply in flight), always the last one. */
  transcript: TranscriptShape,
  participants: z.array(ParticipantConfig),
  sidecarStatus: SidecarStatus,
  threads: z.array(ThreadSummary),
  /** Who answers a message with no @-mention (the "speaking to" selector). */
  defaultTarget: z.string().nullable(),
  /** True while a turn runs; the composer shows Stop instead of Send. */
  busy: z.boolean(),
});
export type ChatState = z.infer<typeof ChatState>;

export const HostToWebview = z.discriminatedUnion('type', [
  /** Full sync: on ready, on thread switch and on every structural change. */
  z.strictObject({ v, type: z.literal('state'), payload: ChatState }),
  /**
   * Streaming append. `offset` is the message's content length before this delta, so a webview that missed
   * something sees the mismatch and asks for a full state instead of rendering a wrong text.
   */
  z.strictObject({
    v,
    type: z.literal('delta'),
    payload: z.strictObject({
      messageId: id,
      contentDelta: z.string(),
      offset: z.number().int().nonnegative(),
    }),
  }),
  z.strictObject({
    v,
    type: z.literal('messageStatus'),
    payload: z.strictObject({ messageId: id, status: MessageStatus, error: z.string().optional() }),
  }),
  z.strictObject({ v, type: z.literal('sidecarStatus'), payload: SidecarStatus }),
]);
export type HostToWebview = z.infer<typeof HostToWebview>;

type PayloadOf<U extends { type: string; payload: unknown }, T extends U['type']> = Extract<U, { type: T }>['payload'];

/** Builds a host->webview message with the protocol version filled in. */
export function hostMessage<T extends HostToWebview['type']>(
  type: T,
  payload: PayloadOf<HostToWebview, T>,
): HostToWebview {
  return { v: PROTOCOL_VERSION, type, payload } as HostToWebview;
}

/** Builds a webview->host message with the protocol version filled in. */
export function webviewMessage<T extends WebviewToHost['type']>(
  type: T,
  payload: PayloadOf<WebviewToHost, T>,
): WebviewToHost {
  return { v: PROTOCOL_VERSION, type, payload } as WebviewToHost;
}

/** Describes why a raw message was dropped, for the log (never echoes the whole payload: it may be large). */
export function describeInvalidMessage(raw: unknown, error: z.ZodError): string {
  const type =
    typeof raw === 'object' && raw !== null && 'type' in raw ? JSON.stringify((raw as { type: unknown }).type) : '?';
  return `dropped invalid message (type ${type}): ${z.prettifyError(error).replaceAll('\n', '; ')}`;
}

/** Compile-time exhaustiveness for `switch` over message types. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
