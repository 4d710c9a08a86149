import * as v from 'valibot';
import { SeatGroup } from '../participants/groups';
import { ParticipantConfig } from '../participants/participant';
import { count, int, isoDateTime, positiveInt } from '../transcript/base';
import { DiscussionMode, TurnPlan } from '../transcript/plan';
import { Message, MessageStatus, Timing, Usage } from '../transcript/schema';
import { PositionsReading, SynthesisReading } from '../transcript/synthesisReading';
import {
  aMessage,
  empty,
  id,
  MAX_FILE_QUERY_CHARS,
  MAX_FOUND_FILES,
  protocolVersion,
  relativePath,
  requestId,
} from './common';
import { PendingContextList, PendingImageList } from './pendingContext';
import { SeatFix, SeatMap, SidecarStatus } from './proxyStatus';
import { SeatSpending } from './seatSpending';
import { TurnCost } from './turnCost';
import { TurnView } from './turnView';

// ---- host -> webview ---------------------------------------------------------------------------------------

/** A message as a view shows it: its place is its position in the list, so it carries no `seq`. */
export const ViewMessage = v.omit(Message, ['seq']);
export type ViewMessage = v.InferOutput<typeof ViewMessage>;

/** One entry of the thread list. */
export const ThreadListEntry = v.strictObject({
  id,
  title: v.string(),
  updatedAt: isoDateTime,
  messageCount: count,
  /** A reply is streaming in it (perhaps shown in another view, or in none). */
  busy: v.boolean(),
  /** Set when the thread's file cannot be read: why. Such an entry can be revealed, not opened. */
  unreadable: v.optional(v.string()),
});
export type ThreadListEntry = v.InferOutput<typeof ThreadListEntry>;

/** A thread that could not be saved; shown until a save succeeds. */
export const SaveProblem = v.strictObject({ threadId: id, title: v.string(), reason: v.string() });
export type SaveProblem = v.InferOutput<typeof SaveProblem>;

export const ShownThread = v.strictObject({
  id,
  title: v.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  busy: v.boolean(),
  /** In the conversation's order: each reply's reviews and alternatives right after it. */
  messages: v.array(ViewMessage),
  /** How several seats take a message in this thread. */
  mode: DiscussionMode,
  /** The thread's turn plans (what each reply's step was, and the neutral letters to map back to names). */
  plans: v.array(TurnPlan),
  /**
   * The thread is still being read: this is its shell (title, time, no messages), and its full state follows. A
   * view's first state waits for the thread list, never for a long thread.
   */
  opening: v.optional(v.literal(true)),
});
export type ShownThread = v.InferOutput<typeof ShownThread>;

/**
 * The Terms-of-Service notice's form: `full`, its whole text with "I understand", until the user dismisses it or sends
 * a first message (once, for every view on the machine); then `line`, one line that opens the whole text again.
 */
export const TermsNoticeForm = v.picklist(['full', 'line']);
export type TermsNoticeForm = v.InferOutput<typeof TermsNoticeForm>;

export const ViewState = v.strictObject({
  thread: ShownThread,
  participants: v.array(ParticipantConfig),
  /** Named sets of seats (`@reviewers`). */
  groups: v.array(SeatGroup),
  /** Who answers a message with no @-mention in the shown thread (the "speaking to" selector): a seat or a group. */
  defaultTarget: v.nullable(v.string()),
  sidecar: SidecarStatus,
  seats: v.optional(SeatMap),
  saveProblems: v.array(SaveProblem),
  /** How the Terms-of-Service notice shows (`TermsNoticeForm`); absent where the host has none to give. */
  termsNotice: v.optional(TermsNoticeForm),
  /** Who answers now and who is queued, or who the last turn skipped; absent when there is nothing to say. */
  turn: v.optional(TurnView),
  /** Editor context waiting in this view's composer, in the order it was added; absent when there is none. */
  context: v.optional(PendingContextList),
  /** Images waiting in this view's composer; absent when there are none. */
  images: v.optional(PendingImageList),
  /** What each seat spent today and in the last 5 hours (`SeatSpending`); absent where the host has none to give. */
  spending: v.optional(SeatSpending),
});
export type ViewState = v.InferOutput<typeof ViewState>;

/** A change to one message: appended text (with the offset it goes at), or the fields that changed. */
export const MessagePatchPayload = v.strictObject({
  messageId: id,
  /** `offset` is the content's length (UTF-16 code units) before `text`; a mismatch means a missed message. */
  append: v.optional(v.strictObject({ text: v.string(), offset: count })),
  content: v.optional(v.string()),
  status: v.optional(MessageStatus),
  error: v.optional(v.nullable(v.string())),
  usage: v.optional(v.nullable(Usage)),
  attempt: v.optional(v.nullable(v.pipe(int, v.minValue(2)))),
  leftOut: v.optional(v.nullable(positiveInt)),
  timing: v.optional(v.nullable(Timing)),
  synthesis: v.optional(v.nullable(SynthesisReading)),
  positions: v.optional(v.nullable(PositionsReading)),
  cutOff: v.optional(v.nullable(v.literal(true))),
  cutAtLength: v.optional(v.nullable(v.literal(true))),
});
export type MessagePatchPayload = v.InferOutput<typeof MessagePatchPayload>;

/** Builds the schema of one host message: `{ v, seq, threadId, type, payload }`. */
function update<T extends string, P extends v.GenericSchema>(type: T, payload: P) {
  return v.strictObject({ v: protocolVersion, seq: count, threadId: id, type: v.literal(type), payload });
}

/**
 * What a refusal offers to do about it (see `IntentResult`): what fixes the seat that could not answer; or Insert at
 * Cursor and Review change for the block an Apply was refused for.
 */
export const RefusalAction = v.union([
  v.strictObject({ kind: SeatFix, participantId: id }),
  v.strictObject({ kind: v.literal('insertOrReview') }),
]);
export type RefusalAction = v.InferOutput<typeof RefusalAction>;

export const HostToWebview = aMessage(
  v.variant('type', [
    /** Everything the view shows; `threadId` is the thread it now shows. Resets the sequence check. */
    update('view/state', ViewState),
    /**
     * A message joined the shown thread at `index` of the conversation's order (the end, unless it is an alternative
     * or another window's message sorts earlier).
     */
    update('message/added', v.strictObject({ message: ViewMessage, index: count })),
    update('message/patched', MessagePatchPayload),
    /**
     * The thread list's first page: the newest threads, then every unreadable file (`total` counts all the threads
     * stored). It travels on its own after a page's first state, and again when the rest of a list read in parts is
     * known, never with a switch of thread: the whole list is the host's (the thread history picker).
     */
    update('threads/listed', v.strictObject({ entries: v.array(ThreadListEntry), total: count })),
    /** A thread list entry was added or changed (title, time, count, busy). */
    update('threads/changed', v.strictObject({ entry: ThreadListEntry })),
    update('threads/removed', v.strictObject({ threadId: id })),
    /** Who sits at the table (seats, groups), or who the shown thread speaks to, or its discussion mode, changed. */
    update(
      'table/changed',
      v.strictObject({
        participants: v.array(ParticipantConfig),
        groups: v.array(SeatGroup),
        defaultTarget: v.nullable(v.string()),
        mode: DiscussionMode,
      }),
    ),
    /** A turn's plan joined the shown thread; it comes before any reply of it. */
    update('plan/added', v.strictObject({ plan: TurnPlan })),
    update('sidecar/changed', SidecarStatus),
    update('seats/changed', SeatMap),
    /** The composer's editor context changed (a chip added or removed, or all taken by a message). */
    update('context/changed', v.strictObject({ blocks: PendingContextList, images: v.optional(PendingImageList) })),
    /**
     * The workspace files that match a `files/find` query, best first. It echoes the query: the page shows an answer
     * only while its `#name` still reads that (answers to what it typed before come late and are ignored).
     */
    update(
      'files/found',
      v.strictObject({
        query: v.pipe(v.string(), v.maxLength(MAX_FILE_QUERY_CHARS)),
        files: v.pipe(v.array(relativePath), v.maxLength(MAX_FOUND_FILES)),
      }),
    ),
    /**
     * What the draft a `chat/estimate` asked about would cost (`TurnCost`). It echoes the request: the page shows only
     * the answer to the draft it asked about last (an answer to an earlier one comes late and is ignored).
     */
    update('cost/estimated', v.strictObject({ requestId, cost: TurnCost })),
    /** The shown thread's turn moved on to its next responder, ended early, or is over. */
    update('turn/changed', v.strictObject({ turn: v.nullable(TurnView) })),
    update('storage/changed', v.strictObject({ saveProblems: v.array(SaveProblem) })),
    /** What each seat spent changed: a reply ended (here or in another window), or time moved a bucket out. */
    update('spending/changed', v.strictObject({ seats: SeatSpending })),
    /** The Terms-of-Service notice folded to its line (dismissed, or a first message sent, in any view). */
    update('terms/changed', v.strictObject({ notice: TermsNoticeForm })),
    /** The user asked (a command, a keybinding) to type: focus the message box. */
    update('composer/focus', empty),
    /** The answer to an intent. A refusal's reason is for the user. */
    update(
      'request/done',
      v.union([
        v.strictObject({ requestId, ok: v.literal(true), notice: v.optional(v.string()) }),
        v.strictObject({ requestId, ok: v.literal(false), reason: v.string(), action: v.optional(RefusalAction) }),
      ]),
    ),
  ]),
);
export type HostToWebview = v.InferOutput<typeof HostToWebview>;
export type HostMessageType = HostToWebview['type'];

type PayloadOf<U extends { type: string; payload: unknown }, T extends U['type']> = Extract<U, { type: T }>['payload'];
export type HostPayload<T extends HostMessageType> = PayloadOf<HostToWebview, T>;
