import * as z from 'zod/mini';
import { SeatGroup } from '../participants/groups';
import { ParticipantConfig } from '../participants/participant';
import { DiscussionMode, TurnPlan } from '../transcript/plan';
import { Message, MessageStatus, Timing, Usage } from '../transcript/schema';
import { SynthesisReading } from '../transcript/synthesisReading';
import { empty, id, MAX_FILE_QUERY_CHARS, MAX_FOUND_FILES, relativePath, requestId, v } from './common';
import { PendingContextList, PendingImageList } from './pendingContext';
import { SeatFix, SeatMap, SidecarStatus } from './proxyStatus';
import { TurnView } from './turnView';

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
  /** In the conversation's order: each reply's reviews and alternatives right after it. */
  messages: z.array(ViewMessage),
  /** How several seats take a message in this thread. */
  mode: DiscussionMode,
  /** The thread's turn plans (what each reply's step was, and the neutral letters to map back to names). */
  plans: z.array(TurnPlan),
});
export type ShownThread = z.infer<typeof ShownThread>;

export const ViewState = z.strictObject({
  thread: ShownThread,
  participants: z.array(ParticipantConfig),
  /** Named sets of seats (`@reviewers`). */
  groups: z.array(SeatGroup),
  /** Who answers a message with no @-mention in the shown thread (the "speaking to" selector): a seat or a group. */
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
  /** Images waiting in this view's composer; absent when there are none. */
  images: z.optional(PendingImageList),
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
  leftOut: z.optional(z.nullable(z.int().check(z.positive()))),
  timing: z.optional(z.nullable(Timing)),
  synthesis: z.optional(z.nullable(SynthesisReading)),
});
export type MessagePatchPayload = z.infer<typeof MessagePatchPayload>;

/** Builds the schema of one host message: `{ v, seq, threadId, type, payload }`. */
function update<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.strictObject({ v, seq: z.int().check(z.nonnegative()), threadId: id, type: z.literal(type), payload });
}

/**
 * What a refusal offers to do about it (see `IntentResult`): what fixes the seat that could not answer; or Insert at
 * Cursor and Review change for the block an Apply was refused for.
 */
export const RefusalAction = z.union([
  z.strictObject({ kind: SeatFix, participantId: id }),
  z.strictObject({ kind: z.literal('insertOrReview') }),
]);
export type RefusalAction = z.infer<typeof RefusalAction>;

export const HostToWebview = z.discriminatedUnion('type', [
  /** Everything the view shows; `threadId` is the thread it now shows. Resets the sequence check. */
  update('view/state', ViewState),
  /**
   * A message joined the shown thread at `index` of the conversation's order (the end, unless it is an alternative
   * or another window's message sorts earlier).
   */
  update('message/added', z.strictObject({ message: ViewMessage, index: z.int().check(z.nonnegative()) })),
  update('message/patched', MessagePatchPayload),
  /**
   * The thread list's first page: the newest threads, then every unreadable file (`total` counts all the threads
   * stored). It travels on its own after a page's first state, and again when the rest of a list read in parts is
   * known, never with a switch of thread: the whole list is the host's (the thread history picker).
   */
  update(
    'threads/listed',
    z.strictObject({ entries: z.array(ThreadListEntry), total: z.int().check(z.nonnegative()) }),
  ),
  /** A thread list entry was added or changed (title, time, count, busy). */
  update('threads/changed', z.strictObject({ entry: ThreadListEntry })),
  update('threads/removed', z.strictObject({ threadId: id })),
  /** Who sits at the table (seats, groups), or who the shown thread speaks to, or its discussion mode, changed. */
  update(
    'table/changed',
    z.strictObject({
      participants: z.array(ParticipantConfig),
      groups: z.array(SeatGroup),
      defaultTarget: z.nullable(z.string()),
      mode: DiscussionMode,
    }),
  ),
  /** A turn's plan joined the shown thread; it comes before any reply of it. */
  update('plan/added', z.strictObject({ plan: TurnPlan })),
  update('sidecar/changed', SidecarStatus),
  update('seats/changed', SeatMap),
  /** The composer's editor context changed (a chip added or removed, or all taken by a message). */
  update('context/changed', z.strictObject({ blocks: PendingContextList, images: z.optional(PendingImageList) })),
  /**
   * The workspace files that match a `files/find` query, best first. It echoes the query: the page shows an answer
   * only while its `#name` still reads that (answers to what it typed before come late and are ignored).
   */
  update(
    'files/found',
    z.strictObject({
      query: z.string().check(z.maxLength(MAX_FILE_QUERY_CHARS)),
      files: z.array(relativePath).check(z.maxLength(MAX_FOUND_FILES)),
    }),
  ),
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
      z.strictObject({ requestId, ok: z.literal(false), reason: z.string(), action: z.optional(RefusalAction) }),
    ]),
  ),
]);
export type HostToWebview = z.infer<typeof HostToWebview>;
export type HostMessageType = HostToWebview['type'];

type PayloadOf<U extends { type: string; payload: unknown }, T extends U['type']> = Extract<U, { type: T }>['payload'];
export type HostPayload<T extends HostMessageType> = PayloadOf<HostToWebview, T>;
