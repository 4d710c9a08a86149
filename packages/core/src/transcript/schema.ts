import * as z from 'zod/mini';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import { isoDateTime, ParticipantId, RecordId } from './base';
import { DiscussionMode, StepRef, TurnPlan } from './plan';
import { SynthesisReading } from './synthesisReading';

export { ParticipantId, SYSTEM_SPEAKER, USER_SPEAKER } from './base';

/**
 * The transcript format this build writes. Older files are still read and upgraded in memory: version 1 (written
 * before threads could be merged across windows), version 2 (before renames, a thread's own "speaking to",
 * names that got no reply, alternatives and left-out counts) and version 3 (before turn plans, discussion modes,
 * reviews and what each reply cost), version 4 (before images and the working tree's changes and problems as
 * context) and version 5 (before a synthesis's ledger was stored read and a plan recorded its seats' names). A file
 * with a higher version is left untouched and listed as unreadable.
 */
export const TRANSCRIPT_VERSION = 6;

/**
 * What a context block holds: a whole `file`, a `selection` of lines, the working tree's `changes` (a unified diff)
 * or the editor's `problems` (diagnostics, one per line).
 */
export const ContextKind = z.enum(['file', 'selection', 'changes', 'problems']);
export type ContextKind = z.infer<typeof ContextKind>;

/**
 * Which of the working tree's changes a `changes` block holds: those not yet staged, those staged, or both.
 */
export const ChangesScope = z.enum(['unstaged', 'staged', 'all']);
export type ChangesScope = z.infer<typeof ChangesScope>;

const contextBlockFields = {
  /**
   * What it covers, relative to the workspace: the file (`file`, `selection`, `problems` of one file), the
   * repository's folder (`changes`, `.` for the workspace root) or `.` (the whole workspace's `problems`).
   */
  path: z.string().check(z.minLength(1)),
  /** 1-based inclusive line range of a selection. */
  range: z.optional(
    z
      .tuple([z.int().check(z.positive()), z.int().check(z.positive())])
      .check(z.refine(([start, end]) => start <= end, 'range start must not be after its end')),
  ),
  content: z.string(),
  /** Fence language hint, e.g. `ts`. */
  language: z.optional(z.string()),
};

/** A piece of editor context attached to a user message. */
export const ContextBlock = z.strictObject({
  kind: ContextKind,
  ...contextBlockFields,
  /** On `changes`: which of them. */
  scope: z.optional(ChangesScope),
});
export type ContextBlock = z.infer<typeof ContextBlock>;

/** Format 4 knew only files and selections. */
const ContextBlockV4 = z.strictObject({ kind: z.enum(['file', 'selection']), ...contextBlockFields });

/** The image types a message may carry, each recognised by its magic bytes. */
export const ImageMime = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export type ImageMime = z.infer<typeof ImageMime>;

export { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '../limits/images';

/**
 * An image attached to a user message. The bytes are stored once, apart from the thread, under their SHA-256: a
 * thread names them and never holds them.
 */
export const ImageRef = z.strictObject({
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  mime: ImageMime,
  bytes: z.int().check(z.positive(), z.lte(MAX_IMAGE_BYTES)),
  /** The file name it was pasted or dropped with, when it had one. */
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type ImageRef = z.infer<typeof ImageRef>;

export const MessageRole = z.enum(['user', 'assistant', 'system']);
export type MessageRole = z.infer<typeof MessageRole>;

/**
 * `streaming` exists only in memory while a reply arrives; `deleted` is a tombstone (content cleared, kept so
 * that `seq` stays gap-free). Everything else is terminal.
 */
export const MessageStatus = z.enum(['complete', 'streaming', 'error', 'cancelled', 'deleted']);
export type MessageStatus = z.infer<typeof MessageStatus>;

/** The statuses a message may have on disk. */
export const PERSISTABLE_STATUSES: readonly MessageStatus[] = ['complete', 'error', 'cancelled', 'deleted'];

const tokens = z.int().check(z.nonnegative());
/** Tokens a reply cost, as the provider reported them (format 3 knew only these). */
const ReportedUsage = z.strictObject({ inputTokens: tokens, outputTokens: tokens });

/**
 * Tokens a reply cost: as the provider reported them, or `estimated` from the characters sent and received (about
 * four a token) when it reported none.
 */
export const Usage = z.extend(ReportedUsage, { estimated: z.optional(z.literal(true)) });
export type Usage = z.infer<typeof Usage>;

/** How long a reply took: to its first text (absent when none came) and in all, in milliseconds. */
export const Timing = z.strictObject({
  firstTokenMs: z.optional(z.int().check(z.nonnegative())),
  totalMs: z.int().check(z.nonnegative()),
});
export type Timing = z.infer<typeof Timing>;

/** A participant id or an @-name as typed: what a notice about names that got no reply lists. */
const Name = z.string().check(z.minLength(1), z.maxLength(64));
const Names = z.array(Name).check(z.minLength(1), z.maxLength(64));

/**
 * The names a user message addressed that got no reply, kept with the message so the thread says why (not a
 * notice that is gone after a reload). Each list is present only when not empty.
 */
export const Unrouted = z.strictObject({
  /** Mentioned names that are nobody's id or alias, as typed (lower-cased). */
  unknown: z.optional(Names),
  /** Participants named who were disabled, by id. */
  disabled: z.optional(Names),
  /** Participants named who were muted, by id. */
  muted: z.optional(Names),
  /** Addressed, but past the responder cap. */
  overCap: z.optional(Names),
  /** Participants named who could not answer then (a login needed, not reachable), by id (format 6). */
  absent: z.optional(Names),
});
export type Unrouted = z.infer<typeof Unrouted>;

export const Message = z.strictObject({
  id: RecordId,
  seq: z.int().check(z.nonnegative()),
  role: MessageRole,
  speaker: z.string().check(z.minLength(1)),
  content: z.string(),
  contextBlocks: z.optional(z.array(ContextBlock)),
  /** On a user message: the images it carries. */
  images: z.optional(z.array(ImageRef).check(z.minLength(1), z.maxLength(MAX_IMAGES_PER_MESSAGE))),
  targets: z.optional(z.array(z.string())),
  status: MessageStatus,
  error: z.optional(z.string()),
  usage: z.optional(Usage),
  /**
   * Which run of this reply the content belongs to: absent for the first, 2 after one retry, and so on. A retry
   * re-runs a reply in place (same id, same position), so this is what lets a merge tell the newer run from the
   * older one whatever their statuses.
   */
  attempt: z.optional(z.int().check(z.gte(2))),
  /** On a user message: who it addressed that got no reply, and why. */
  unrouted: z.optional(Unrouted),
  /**
   * On a reply: the id of the reply it is an alternative to ("Regenerate as…"), always the original (never another
   * alternative). It answers what the original answered: its prompt is everything before the original.
   */
  alternativeOf: z.optional(z.string().check(z.minLength(1))),
  /** On a reply: how many older messages its prompt left out for length (absent when none). */
  leftOut: z.optional(z.int().check(z.positive())),
  /** On a reply: the plan step it belongs to, whose rule says what it may read. */
  step: z.optional(StepRef),
  /**
   * On a reply: the reply it reviews ("Ask the table to review"), never itself a review. The conversation shows it
   * right under that reply.
   */
  reviewOf: z.optional(RecordId),
  /** On a reply: how long it took. */
  timing: z.optional(Timing),
  /** On a council's synthesis that ended with text: its ledger, read once, and whose answers it lacked. */
  synthesis: z.optional(SynthesisReading),
  createdAt: isoDateTime,
});
export type Message = z.infer<typeof Message>;

/**
 * A thread-level choice with the time it was made. Two windows may each make one; a merge keeps the later (ties:
 * the greater value's JSON), so every window ends with the same choice.
 */
const StampedTitle = z.strictObject({
  value: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  at: isoDateTime,
});
/** A participant, or a seat group (`roundtable.groups`), whose ids are spelt the same. */
const StampedTarget = z.strictObject({ value: ParticipantId, at: isoDateTime });
const StampedMode = z.strictObject({ value: DiscussionMode, at: isoDateTime });

/** The shape of a thread, before the cross-field invariants `parseTranscript` checks. */
export const TranscriptShape = z.strictObject({
  version: z.literal(TRANSCRIPT_VERSION),
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  participants: z.array(ParticipantId),
  messages: z.array(Message),
  /** The title the user gave the thread; without it the title is derived from the first user message. */
  renamed: z.optional(StampedTitle),
  /** Who answers a message in this thread that names nobody (the panel's "speaking to"). */
  speakingTo: z.optional(StampedTarget),
  /** How several seats take a message in this thread (absent: Discuss). */
  mode: z.optional(StampedMode),
  /** The turns' plans, in the order they were made; each reply's `step` names one. */
  plans: z.optional(z.array(TurnPlan)),
});
export type Transcript = z.infer<typeof TranscriptShape>;
export type Stamped<T> = { value: T; at: string };

/**
 * A version 5 file: what version 6 added is all optional (a synthesis's reading, a plan's seats' names, an unrouted
 * list), so a version 5 file reads as it is; none of it is in one that Roundtable wrote.
 */
export const TranscriptShapeV5 = z.extend(TranscriptShape, { version: z.literal(5) });

/** A format 4 message: no images, and context only from files and selections. */
const MessageV4 = z.extend(z.omit(Message, { images: true }), {
  contextBlocks: z.optional(z.array(ContextBlockV4)),
});

/** A version 4 file: messages without what version 5 added. */
export const TranscriptShapeV4 = z.extend(TranscriptShape, {
  version: z.literal(4),
  messages: z.array(MessageV4),
});

const V4_MESSAGE_FIELDS = { step: true, reviewOf: true, timing: true } as const;
const V3_MESSAGE_FIELDS = { unrouted: true, alternativeOf: true, leftOut: true } as const;
/** A format 3 reply reports usage without `estimated`. */
const MessageV3 = z.extend(z.omit(MessageV4, V4_MESSAGE_FIELDS), { usage: z.optional(ReportedUsage) });

/** A version 3 file: no discussion mode, no plans, and messages without the fields version 4 added. */
export const TranscriptShapeV3 = z.extend(z.omit(TranscriptShape, { mode: true, plans: true }), {
  version: z.literal(3),
  messages: z.array(MessageV3),
});

/** A version 2 file: no renames, no "speaking to", and messages without the fields version 3 added. */
export const TranscriptShapeV2 = z.extend(z.omit(TranscriptShapeV3, { renamed: true, speakingTo: true }), {
  version: z.literal(2),
  messages: z.array(z.omit(MessageV3, V3_MESSAGE_FIELDS)),
});

/** A version 1 file: as version 2 without `attempt`; its messages are in seq order, whatever their timestamps. */
export const TranscriptShapeV1 = z.extend(TranscriptShapeV2, {
  version: z.literal(1),
  messages: z.array(z.omit(MessageV3, { ...V3_MESSAGE_FIELDS, attempt: true })),
});

/** What the thread list and the index know of a thread without loading it. */
export const ThreadSummary = z.strictObject({
  id: RecordId,
  title: z.string(),
  updatedAt: isoDateTime,
  /** Messages that are not tombstones. */
  messageCount: z.int().check(z.nonnegative()),
  participants: z.array(z.string()),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;
