import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Every schema in Roundtable is built with zod's small build (`zod/mini`): it parses exactly as the full one but
 * leaves out the chained-method classes, about 60 KB of minified code that the extension host and the webview would
 * otherwise load at start. Its English messages are opt-in; they are turned on here, in the module every other schema
 * imports, so a rejected setting or file still says what is wrong. (Import `zod/mini` as a namespace in each file:
 * re-exporting the namespace object would keep all of zod in the bundle.)
 */
z.config(en());

/**
 * The transcript format this build writes. Older files are still read and upgraded in memory: version 1 (written
 * before threads could be merged across windows) and version 2 (before renames, a thread's own "speaking to",
 * names that got no reply, alternatives and left-out counts). A file with a higher version is left untouched and
 * listed as unreadable.
 */
export const TRANSCRIPT_VERSION = 3;

/** The speaker id reserved for the human; no participant may use it. */
export const USER_SPEAKER = 'user';
/** The speaker id of thread-level notes (role `system`). */
export const SYSTEM_SPEAKER = 'system';

const isoDateTime = z.iso.datetime({ offset: true });

/** A piece of editor context attached to a user message: a whole file or a selection of lines. */
export const ContextBlock = z.strictObject({
  kind: z.enum(['file', 'selection']),
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
});
export type ContextBlock = z.infer<typeof ContextBlock>;

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

export const Usage = z.strictObject({
  inputTokens: z.int().check(z.nonnegative()),
  outputTokens: z.int().check(z.nonnegative()),
});
export type Usage = z.infer<typeof Usage>;

/** A participant id: what the user types after `@`. Lower-case so mentions match case-insensitively. */
export const ParticipantId = z.string().check(
  z.regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be 1-32 characters: a lower-case letter, then letters, digits, _ or -'),
  z.refine((id) => id !== USER_SPEAKER && id !== SYSTEM_SPEAKER && id !== 'all', {
    message: 'is reserved ("user", "system" and "all" cannot be participant ids)',
  }),
);
export type ParticipantId = z.infer<typeof ParticipantId>;

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
});
export type Unrouted = z.infer<typeof Unrouted>;

export const Message = z.strictObject({
  id: z.string().check(z.minLength(1)),
  seq: z.int().check(z.nonnegative()),
  role: MessageRole,
  speaker: z.string().check(z.minLength(1)),
  content: z.string(),
  contextBlocks: z.optional(z.array(ContextBlock)),
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
const StampedTarget = z.strictObject({ value: ParticipantId, at: isoDateTime });

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
});
export type Transcript = z.infer<typeof TranscriptShape>;
export type Stamped<T> = { value: T; at: string };

const V3_MESSAGE_FIELDS = { unrouted: true, alternativeOf: true, leftOut: true } as const;

/** A version 2 file: no renames, no "speaking to", and messages without the fields version 3 added. */
export const TranscriptShapeV2 = z.extend(z.omit(TranscriptShape, { renamed: true, speakingTo: true }), {
  version: z.literal(2),
  messages: z.array(z.omit(Message, V3_MESSAGE_FIELDS)),
});

/** A version 1 file: as version 2 without `attempt`; its messages are in seq order, whatever their timestamps. */
export const TranscriptShapeV1 = z.extend(TranscriptShapeV2, {
  version: z.literal(1),
  messages: z.array(z.omit(Message, { ...V3_MESSAGE_FIELDS, attempt: true })),
});

/** What the thread list and the index know of a thread without loading it. */
export const ThreadSummary = z.strictObject({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  updatedAt: isoDateTime,
  /** Messages that are not tombstones. */
  messageCount: z.int().check(z.nonnegative()),
  participants: z.array(z.string()),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;
