import * as z from 'zod/mini';
import { ParticipantConfig } from '../participants/participant';
import { Message, MessageStatus, Usage } from '../transcript/schema';
import { PendingContextList } from './pendingContext';
import { SeatMap, SidecarStatus } from './proxyStatus';
import { TurnView } from './turnView';

export { MAX_CONTEXT_BLOCK_CHARS, MAX_CONTEXT_BLOCKS, PendingContext } from './pendingContext';
export { isSidecarPending, isSidecarUp, SeatMap, SeatView, SidecarStatus, sidecarTone } from './proxyStatus';
export { TurnView } from './turnView';

/**
 * The webview <-> host protocol. One zod union per direction; both ends `safeParse` every message and drop (and
 * log) what fails, never cast. Adding a message: add its schema here and its case in the handlers (the `switch`es
 * are exhaustive, so the compiler lists what is missing).
 *
 * Host -> webview: every message carries the thread the view shows and the view's sequence number, which goes up
 * by one with each message sent to that view. Only three things send a full `view/state`: `view/ready`,
 * `view/resync` and opening another thread; everything else is a small patch. A webview that sees a sequence
 * number other than the last plus one has missed something and asks for a resync instead of guessing.
 *
 * Webview -> host: every intent carries a request id and is answered with `request/done` (ok, or the reason it was
 * refused, which the webview shows).
 */
export const PROTOCOL_VERSION = 2;

const v = z.literal(PROTOCOL_VERSION);
const empty = z.strictObject({});
const id = z.string().check(z.minLength(1), z.maxLength(200));
const requestId = z.string().check(z.minLength(1), z.maxLength(64));

/** The longest message a user may send; longer text is refused with a readable error, not truncated. */
export const MAX_USER_TEXT_CHARS = 200_000;

/** The longest code block the host takes from the view (to insert it or open it in a new file). */
export const MAX_CODE_CHARS = 2_000_000;

// ---- webview -> host ---------------------------------------------------------------------------------------

/** Builds the schema of one intent: `{ v, type, requestId, payload }`. */
function intent<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.strictObject({ v, type: z.literal(type), requestId, payload });
}

export const WebviewToHost = z.discriminatedUnion('type', [
  /** The page's listener is attached (first load, or re-created after being hidden): answered with `view/state`. */
  z.strictObject({ v, type: z.literal('view/ready'), payload: empty }),
  /** The page missed a message (sequence gap, unknown message): answered with `view/state`. */
  z.strictObject({ v, type: z.literal('view/resync'), payload: empty }),
  intent(
    'chat/send',
    z.strictObject({
      threadId: id,
      text: z.string().check(z.maxLength(MAX_USER_TEXT_CHARS)),
      targets: z.optional(z.array(id).check(z.maxLength(32))),
    }),
  ),
  intent('chat/stop', z.strictObject({ threadId: id })),
  /** Take a chip of editor context out of the composer. */
  intent('context/remove', z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(64)) })),
  /** Give the participants a stopped turn skipped their turn now. */
  intent('turn/continue', z.strictObject({ threadId: id })),
  /** Drop the offer to continue with them. */
  intent('turn/dismiss', z.strictObject({ threadId: id })),
  intent('chat/setTarget', z.strictObject({ participantId: id })),
  intent('thread/new', empty),
  intent('thread/open', z.strictObject({ threadId: id })),
  intent('message/retry', z.strictObject({ threadId: id, messageId: id })),
  intent('message/delete', z.strictObject({ threadId: id, messageId: id })),
  /** Try a failed save again now. */
  intent('storage/retry', z.strictObject({ threadId: id })),
  /** Show a thread's file (or an unreadable file of the list) in the operating system's file manager. */
  intent('storage/reveal', z.strictObject({ threadId: id })),
  /** A link the user clicked in rendered markdown. The host opens it only after checking its scheme. */
  intent('link/open', z.strictObject({ url: z.string().check(z.maxLength(8192)) })),
  /** The user read the Terms-of-Service notice: never show it again. */
  intent('terms/dismiss', empty),
  /** A code block's Insert at Cursor: into the editor the user last used, replacing its selections. */
  intent('code/insert', z.strictObject({ code: z.string().check(z.maxLength(MAX_CODE_CHARS)) })),
  /** A code block's Open in New File: an untitled editor with the code, in its language when VS Code knows it. */
  intent(
    'code/newFile',
    z.strictObject({
      code: z.string().check(z.maxLength(MAX_CODE_CHARS)),
      language: z.string().check(z.maxLength(64)),
    }),
  ),
  /** The user clicked the proxy's status: the host offers what can be done (check again, restart, sign in, log). */
  intent('sidecar/actions', empty),
  /** Sign in to the login a participant's seat needs. */
  intent('seat/signIn', z.strictObject({ participantId: id })),
  /** Clear the pause of the login a cooling seat waits for. */
  intent('seat/reset', z.strictObject({ participantId: id })),
]);
export type WebviewToHost = z.infer<typeof WebviewToHost>;
export type WebviewMessageType = WebviewToHost['type'];
export type WebviewIntent = Extract<WebviewToHost, { requestId: string }>;

// ---- host -> webview ---------------------------------------------------------------------------------------

/** A message as a view shows it: its place is its position in the list, so it carries no `seq`. */
export const ViewMessage = z.omit(Message, { seq: true });
export type ViewMessage = z.infer<typeof ViewMessage>;

/** One entry of the thread list. */
export const ThreadListEntry = z.strictObject({
  id,
  title: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  messageCount: z.int().check(z.nonnegative()),
  /** A reply is streaming in it (perhaps shown in another view, or in none). */
  busy: z.boolean(),
  /** Set when the thread's file cannot be read: why. Such an entry can be revealed, not opened. */
  unreadable: z.optional(z.string()),
});
export type ThreadListEntry = z.infer<typeof ThreadListEntry>;

/** A thread that could not be saved; shown until a save succeeds. */
export const SaveProblem = z.strictObject({ threadId: id, title: z.string(), reason: z.string() });
export type SaveProblem = z.infer<typeof SaveProblem>;

export const ShownThread = z.strictObject({
  id,
  title: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  busy: z.boolean(),
  messages: z.array(ViewMessage),
});
export type ShownThread = z.infer<typeof ShownThread>;

export const ViewState = z.strictObject({
  thread: ShownThread,
  /** Newest first. */
  threads: z.array(ThreadListEntry),
  participants: z.array(ParticipantConfig),
  /** Who answers a message with no @-mention (the "speaking to" selector). */
  defaultTarget: z.nullable(z.string()),
  sidecar: SidecarStatus,
  seats: z.optional(SeatMap),
  saveProblems: z.array(SaveProblem),
  /** The Terms-of-Service notice is still to be read (shown until the user dismisses it, once). */
  termsNotice: z.optional(z.boolean()),
  /** Who answers now and who is queued, or who the last turn skipped; absent when there is nothing to say. */
  turn: z.optional(TurnView),
  /** Editor context waiting in this view's composer, in the order it was added; absent when there is none. */
  context: z.optional(PendingContextList),
});
export type ViewState = z.infer<typeof ViewState>;

/** A change to one message: appended text (with the offset it goes at), or the fields that changed. */
export const MessagePatchPayload = z.strictObject({
  messageId: id,
  /** `offset` is the content's length (UTF-16 code units) before `text`; a mismatch means a missed message. */
  append: z.optional(z.strictObject({ text: z.string(), offset: z.int().check(z.nonnegative()) })),
  content: z.optional(z.string()),
  status: z.optional(MessageStatus),
  error: z.optional(z.nullable(z.string())),
  usage: z.optional(z.nullable(Usage)),
  attempt: z.optional(z.nullable(z.int().check(z.gte(2)))),
});
export type MessagePatchPayload = z.infer<typeof MessagePatchPayload>;

/** Builds the schema of one host message: `{ v, seq, threadId, type, payload }`. */
function update<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.strictObject({ v, seq: z.int().check(z.nonnegative()), threadId: id, type: z.literal(type), payload });
}

export const HostToWebview = z.discriminatedUnion('type', [
  /** Everything the view shows; `threadId` is the thread it now shows. Resets the sequence check. */
  update('view/state', ViewState),
  /** A message joined the shown thread at `index` (the end, unless another window's message sorts earlier). */
  update('message/added', z.strictObject({ message: ViewMessage, index: z.int().check(z.nonnegative()) })),
  update('message/patched', MessagePatchPayload),
  /** A thread list entry was added or changed (title, time, count, busy). */
  update('threads/changed', z.strictObject({ entry: ThreadListEntry })),
  update('threads/removed', z.strictObject({ threadId: id })),
  update(
    'table/changed',
    z.strictObject({ participants: z.array(ParticipantConfig), defaultTarget: z.nullable(z.string()) }),
  ),
  update('sidecar/changed', SidecarStatus),
  update('seats/changed', SeatMap),
  /** The composer's editor context changed (a chip added or removed, or all taken by a message). */
  update('context/changed', z.strictObject({ blocks: PendingContextList })),
  /** The shown thread's turn moved on to its next responder, ended early, or is over. */
  update('turn/changed', z.strictObject({ turn: z.nullable(TurnView) })),
  update('storage/changed', z.strictObject({ saveProblems: z.array(SaveProblem) })),
  /** The Terms-of-Service notice was dismissed (here or in another view), or is to be shown. */
  update('terms/changed', z.strictObject({ show: z.boolean() })),
  /** The user asked (a command, a keybinding) to type: focus the message box. */
  update('composer/focus', empty),
  /** The answer to an intent. A refusal's reason is for the user. */
  update(
    'request/done',
    z.union([
      z.strictObject({ requestId, ok: z.literal(true), notice: z.optional(z.string()) }),
      z.strictObject({ requestId, ok: z.literal(false), reason: z.string() }),
    ]),
  ),
]);
export type HostToWebview = z.infer<typeof HostToWebview>;
export type HostMessageType = HostToWebview['type'];

type PayloadOf<U extends { type: string; payload: unknown }, T extends U['type']> = Extract<U, { type: T }>['payload'];
export type HostPayload<T extends HostMessageType> = PayloadOf<HostToWebview, T>;

/** Builds a host->webview message. */
export function hostMessage<T extends HostMessageType>(
  type: T,
  seq: number,
  threadId: string,
  payload: HostPayload<T>,
): HostToWebview {
  return { v: PROTOCOL_VERSION, seq, threadId, type, payload } as HostToWebview;
}

/** Builds a webview->host intent. */
export function webviewIntent<T extends WebviewIntent['type']>(
  type: T,
  requestId: string,
  payload: PayloadOf<WebviewIntent, T>,
): WebviewToHost {
  return { v: PROTOCOL_VERSION, type, requestId, payload } as WebviewToHost;
}

/** Builds `view/ready` or `view/resync`. */
export function viewSignal(type: 'view/ready' | 'view/resync'): WebviewToHost {
  return { v: PROTOCOL_VERSION, type, payload: {} };
}

/** Describes why a raw message was dropped, for the log (never echoes the whole payload: it may be large). */
export function describeInvalidMessage(raw: unknown, error: z.core.$ZodError): string {
  const rawType = typeof raw === 'object' && raw !== null && 'type' in raw ? (raw as { type: unknown }).type : '?';
  const type = typeof rawType === 'string' ? JSON.stringify(rawType.slice(0, 64)) : typeof rawType;
  const detail = z.prettifyError(error).replaceAll('\n', '; ');
  return `dropped invalid message (type ${type}): ${detail.length > 500 ? `${detail.slice(0, 500)}…` : detail}`;
}

/** Compile-time exhaustiveness for `switch` over message types. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
