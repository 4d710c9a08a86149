import * as v from 'valibot';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import type { SpendRecord } from '../store/spendRecord';
import { count, int, isoDateTime, ParticipantId, positiveInt, RecordId } from './base';
import { DiscussionMode, StepRef, TurnPlan } from './plan';
import { PositionsReading, SynthesisReading } from './synthesisReading';
import { MAX_TURN_LEASES, TurnLease } from './turnLease';

export { ParticipantId, SYSTEM_SPEAKER, USER_SPEAKER } from './base';

/**
 * The transcript format this build writes. Older files are still read and upgraded in memory: version 1 (written
 * before threads could be merged across windows), version 2 (before renames, a thread's own "speaking to",
 * names that got no reply, alternatives and left-out counts) and version 3 (before turn plans, discussion modes,
 * reviews and what each reply cost), version 4 (before images and the working tree's changes and problems as
 * context), version 5 (before a synthesis's ledger was stored read and a plan recorded its seats' names) and version
 * 6 (before a synthesis recorded its vote, a ledger its arguments, a Council its stances, before dispute rounds, and
 * before a thread held its turns' leases and the text of a reply still streaming). A file with a higher version is left untouched and listed as unreadable.
 */
export const TRANSCRIPT_VERSION = 7;

/**
 * What a context block holds: a whole `file`, a `selection` of lines, the working tree's `changes` (a unified diff)
 * or the editor's `problems` (diagnostics, one per line).
 */
export const ContextKind = v.picklist(['file', 'selection', 'changes', 'problems']);
export type ContextKind = v.InferOutput<typeof ContextKind>;

/**
 * Which of the working tree's changes a `changes` block holds: those not yet staged, those staged, or both.
 */
export const ChangesScope = v.picklist(['unstaged', 'staged', 'all']);
export type ChangesScope = v.InferOutput<typeof ChangesScope>;

const contextBlockFields = {
  /**
   * What it covers, relative to the workspace: the file (`file`, `selection`, `problems` of one file), the
   * repository's folder (`changes`, `.` for the workspace root) or `.` (the whole workspace's `problems`).
   */
  path: v.pipe(v.string(), v.minLength(1)),
  /** 1-based inclusive line range of a selection. */
  range: v.optional(
    v.pipe(
      v.strictTuple([positiveInt, positiveInt]),
      v.check(([start, end]) => start <= end, 'range start must not be after its end'),
    ),
  ),
  content: v.string(),
  /** Fence language hint, e.g. `ts`. */
  language: v.optional(v.string()),
};

/** A piece of editor context attached to a user message. */
export const ContextBlock = v.strictObject({
  kind: ContextKind,
  ...contextBlockFields,
  /** On `changes`: which of them. */
  scope: v.optional(ChangesScope),
});
export type ContextBlock = v.InferOutput<typeof ContextBlock>;

/** Format 4 knew only files and selections. */
const ContextBlockV4 = v.strictObject({ kind: v.picklist(['file', 'selection']), ...contextBlockFields });

/** The image types a message may carry, each recognised by its magic bytes. */
export const ImageMime = v.picklist(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export type ImageMime = v.InferOutput<typeof ImageMime>;

export { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '../limits/images';

/**
 * An image attached to a user message. The bytes are stored once, apart from the thread, under their SHA-256: a
 * thread names them and never holds them.
 */
export const ImageRef = v.strictObject({
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  mime: ImageMime,
  bytes: v.pipe(int, v.minValue(1), v.maxValue(MAX_IMAGE_BYTES)),
  /** The file name it was pasted or dropped with, when it had one. */
  name: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
});
export type ImageRef = v.InferOutput<typeof ImageRef>;

export const MessageRole = v.picklist(['user', 'assistant', 'system']);
export type MessageRole = v.InferOutput<typeof MessageRole>;

/**
 * `streaming` exists only in memory while a reply arrives; `deleted` is a tombstone (content cleared, kept so
 * that `seq` stays gap-free). Everything else is terminal.
 */
export const MessageStatus = v.picklist(['complete', 'streaming', 'error', 'cancelled', 'deleted']);
export type MessageStatus = v.InferOutput<typeof MessageStatus>;

/** The statuses a message may have on disk. */
export const PERSISTABLE_STATUSES: readonly MessageStatus[] = ['complete', 'error', 'cancelled', 'deleted'];
/** A reply still streaming is written only under its plan's lease (its text so far, for a crash to keep). */
export const LEASED_STATUSES: readonly MessageStatus[] = ['streaming'];

const tokens = count;
/** Tokens a reply cost, as the provider reported them (format 3 knew only these). */
const ReportedUsage = v.strictObject({ inputTokens: tokens, outputTokens: tokens });

/**
 * Tokens a reply cost: as the provider reported them, or `estimated` from the characters sent and received (about
 * four a token) when it reported none.
 */
export const Usage = v.strictObject({ ...ReportedUsage.entries, estimated: v.optional(v.literal(true)) });
export type Usage = v.InferOutput<typeof Usage>;

/** How long a reply took: to its first text (absent when none came) and in all, in milliseconds. */
export const Timing = v.strictObject({
  firstTokenMs: v.optional(count),
  totalMs: count,
});
export type Timing = v.InferOutput<typeof Timing>;

/** A participant id or an @-name as typed: what a notice about names that got no reply lists. */
const Name = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const Names = v.pipe(v.array(Name), v.minLength(1), v.maxLength(64));

/**
 * The names a user message addressed that got no reply, kept with the message so the thread says why (not a
 * notice that is gone after a reload). Each list is present only when not empty.
 */
export const Unrouted = v.strictObject({
  /** Mentioned names that are nobody's id or alias, as typed (lower-cased). */
  unknown: v.optional(Names),
  /** Participants named who were disabled, by id. */
  disabled: v.optional(Names),
  /** Participants named who were muted, by id. */
  muted: v.optional(Names),
  /** Addressed, but past the responder cap. */
  overCap: v.optional(Names),
  /** Participants named who could not answer then (a login needed, not reachable), by id (format 6). */
  absent: v.optional(Names),
});
export type Unrouted = v.InferOutput<typeof Unrouted>;

export const Message = v.strictObject({
  id: RecordId,
  seq: count,
  role: MessageRole,
  speaker: v.pipe(v.string(), v.minLength(1)),
  content: v.string(),
  contextBlocks: v.optional(v.array(ContextBlock)),
  /** On a user message: the images it carries. */
  images: v.optional(v.pipe(v.array(ImageRef), v.minLength(1), v.maxLength(MAX_IMAGES_PER_MESSAGE))),
  targets: v.optional(v.array(v.string())),
  status: MessageStatus,
  error: v.optional(v.string()),
  usage: v.optional(Usage),
  /**
   * Which run of this reply the content belongs to: absent for the first, 2 after one retry, and so on. A retry
   * re-runs a reply in place (same id, same position), so this is what lets a merge tell the newer run from the
   * older one whatever their statuses.
   */
  attempt: v.optional(v.pipe(int, v.minValue(2))),
  /** On a user message: who it addressed that got no reply, and why. */
  unrouted: v.optional(Unrouted),
  /**
   * On a reply: the id of the reply it is an alternative to ("Regenerate as…"), always the original (never another
   * alternative). It answers what the original answered: its prompt is everything before the original.
   */
  alternativeOf: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** On a reply: how many older messages its prompt left out for length (absent when none). */
  leftOut: v.optional(positiveInt),
  /** On a reply: the plan step it belongs to, whose rule says what it may read. */
  step: v.optional(StepRef),
  /**
   * On a reply: the reply it reviews ("Ask the table to review"), never itself a review. The conversation shows it
   * right under that reply.
   */
  reviewOf: v.optional(RecordId),
  /** On a reply: how long it took. */
  timing: v.optional(Timing),
  /** On a council's synthesis that ended with text: its ledger, read once, and whose answers it lacked. */
  synthesis: v.optional(SynthesisReading),
  /** On a reply of a dispute round that ended with text: its positions on the round's claims, read once. */
  positions: v.optional(PositionsReading),
  /** On a reply ended `cancelled` because its window stopped in the middle of it (a crash): its text so far kept. */
  cutOff: v.optional(v.literal(true)),
  /** On a complete reply that stopped at its seat's length limit (`maxTokens`): its text ends where the limit fell. */
  cutAtLength: v.optional(v.literal(true)),
  createdAt: isoDateTime,
});
export type Message = v.InferOutput<typeof Message>;

/**
 * A thread-level choice with the time it was made. Two windows may each make one; a merge keeps the later (ties:
 * the greater value's JSON), so every window ends with the same choice.
 */
const StampedTitle = v.strictObject({
  value: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  at: isoDateTime,
});
/** A participant, or a seat group (`roundtable.groups`), whose ids are spelt the same. */
const StampedTarget = v.strictObject({ value: ParticipantId, at: isoDateTime });
const StampedMode = v.strictObject({ value: DiscussionMode, at: isoDateTime });

/** The shape of a thread, before the cross-field invariants `parseTranscript` checks. */
export const TranscriptShape = v.strictObject({
  version: v.literal(TRANSCRIPT_VERSION),
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  participants: v.array(ParticipantId),
  messages: v.array(Message),
  /** The title the user gave the thread; without it the title is derived from the first user message. */
  renamed: v.optional(StampedTitle),
  /** Who answers a message in this thread that names nobody (the panel's "speaking to"). */
  speakingTo: v.optional(StampedTarget),
  /** How several seats take a message in this thread (absent: Discuss). */
  mode: v.optional(StampedMode),
  /** The turns' plans, in the order they were made; each reply's `step` names one. */
  plans: v.optional(v.array(TurnPlan)),
  /** Which window runs (or ran) each recent plan's turn, so a turn cut off by a crash is found (`turnLease.ts`). */
  leases: v.optional(v.pipe(v.array(TurnLease), v.maxLength(MAX_TURN_LEASES))),
});
export type Transcript = v.InferOutput<typeof TranscriptShape>;
export type Stamped<T> = { value: T; at: string };

/**
 * A version 6 file: what version 7 added is all optional (a synthesis's vote, a claim's arguments, stances, dispute
 * rounds and their positions, turn leases, streaming replies under a lease, a reply cut off), so a version 6 file reads as it is;
 * none of it is in one that Roundtable wrote.
 */
export const TranscriptShapeV6 = v.strictObject({ ...TranscriptShape.entries, version: v.literal(6) });

/**
 * A version 5 file: what version 6 added is all optional (a synthesis's reading, a plan's seats' names, an unrouted
 * list), so a version 5 file reads as it is; none of it is in one that Roundtable wrote.
 */
export const TranscriptShapeV5 = v.strictObject({ ...TranscriptShape.entries, version: v.literal(5) });

/** A format 4 message: no images, and context only from files and selections. */
const MessageV4 = v.strictObject({
  ...v.omit(Message, ['images']).entries,
  contextBlocks: v.optional(v.array(ContextBlockV4)),
});

/** A version 4 file: messages without what version 5 added. */
export const TranscriptShapeV4 = v.strictObject({
  ...TranscriptShape.entries,
  version: v.literal(4),
  messages: v.array(MessageV4),
});

const V4_MESSAGE_FIELDS = ['step', 'reviewOf', 'timing'] as const;
const V3_MESSAGE_FIELDS = ['unrouted', 'alternativeOf', 'leftOut'] as const;
/** A format 3 reply reports usage without `estimated`. */
const MessageV3 = v.strictObject({ ...v.omit(MessageV4, V4_MESSAGE_FIELDS).entries, usage: v.optional(ReportedUsage) });

/** A version 3 file: no discussion mode, no plans, and messages without the fields version 4 added. */
export const TranscriptShapeV3 = v.strictObject({
  ...v.omit(TranscriptShape, ['mode', 'plans']).entries,
  version: v.literal(3),
  messages: v.array(MessageV3),
});

/** A version 2 file: no renames, no "speaking to", and messages without the fields version 3 added. */
export const TranscriptShapeV2 = v.strictObject({
  ...v.omit(TranscriptShapeV3, ['renamed', 'speakingTo']).entries,
  version: v.literal(2),
  messages: v.array(v.omit(MessageV3, V3_MESSAGE_FIELDS)),
});

/** A version 1 file: as version 2 without `attempt`; its messages are in seq order, whatever their timestamps. */
export const TranscriptShapeV1 = v.strictObject({
  ...TranscriptShapeV2.entries,
  version: v.literal(1),
  messages: v.array(v.omit(MessageV3, [...V3_MESSAGE_FIELDS, 'attempt'])),
});

/** What the thread list and the index know of a thread without loading it. */
export const ThreadSummary = v.strictObject({
  id: RecordId,
  title: v.string(),
  updatedAt: isoDateTime,
  /** Messages that are not tombstones. */
  messageCount: count,
  participants: v.array(v.string()),
  /**
   * What its seats spent lately (`spendRecordOf`); absent in an entry an older build wrote (filled in when the
   * thread is next written, or read when it changed lately: see docs/spending.md). Only its being an object is
   * checked here: the list needs nothing of it, and the sums, which load after the first state, check each record
   * whole (`SpendRecord`) and leave out, with a warning, one they cannot read.
   */
  spend: v.optional(
    v.custom<SpendRecord>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), 'a record of seats'),
  ),
});
export type ThreadSummary = v.InferOutput<typeof ThreadSummary>;
