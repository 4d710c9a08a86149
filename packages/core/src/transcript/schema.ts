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
 * The transcript format this build writes. Version 1 files (written before threads could be merged across windows)
 * are still read and upgraded in memory; a file with a higher version is left untouched and listed as unreadable.
 */
export const TRANSCRIPT_VERSION = 2;

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
  createdAt: isoDateTime,
});
export type Message = z.infer<typeof Message>;

/** The shape of a thread, before the cross-field invariants `parseTranscript` checks. */
export const TranscriptShape = z.strictObject({
  version: z.literal(TRANSCRIPT_VERSION),
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  participants: z.array(ParticipantId),
  messages: z.array(Message),
});
export type Transcript = z.infer<typeof TranscriptShape>;

/** A version 1 file: the same shape without `attempt`; its messages are in seq order, whatever their timestamps. */
export const TranscriptShapeV1 = z.extend(TranscriptShape, {
  version: z.literal(1),
  messages: z.array(z.omit(Message, { attempt: true })),
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
