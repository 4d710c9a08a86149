import * as z from 'zod';

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
  path: z.string().min(1),
  /** 1-based inclusive line range of a selection. */
  range: z
    .tuple([z.number().int().positive(), z.number().int().positive()])
    .refine(([start, end]) => start <= end, 'range start must not be after its end')
    .optional(),
  content: z.string(),
  /** Fence language hint, e.g. `ts`. */
  language: z.string().optional(),
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
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof Usage>;

/** A participant id: what the user types after `@`. Lower-case so mentions match case-insensitively. */
export const ParticipantId = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be 1-32 characters: a lower-case letter, then letters, digits, _ or -')
  .refine((id) => id !== USER_SPEAKER && id !== SYSTEM_SPEAKER && id !== 'all', {
    message: 'is reserved ("user", "system" and "all" cannot be participant ids)',
  });
export type ParticipantId = z.infer<typeof ParticipantId>;

export const Message = z.strictObject({
  id: z.string().min(1),
  seq: z.number().int().nonnegative(),
  role: MessageRole,
  speaker: z.string().min(1),
  content: z.string(),
  contextBlocks: z.array(ContextBlock).optional(),
  targets: z.array(z.string()).optional(),
  status: MessageStatus,
  error: z.string().optional(),
  usage: Usage.optional(),
  /**
   * Which run of this reply the content belongs to: absent for the first, 2 after one retry, and so on. A retry
   * re-runs a reply in place (same id, same position), so this is what lets a merge tell the newer run from the
   * older one whatever their statuses.
   */
  attempt: z.number().int().min(2).optional(),
  createdAt: isoDateTime,
});
export type Message = z.infer<typeof Message>;

/** The shape of a thread, before the cross-field invariants `parseTranscript` checks. */
export const TranscriptShape = z.strictObject({
  version: z.literal(TRANSCRIPT_VERSION),
  id: z.string().min(1),
  title: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  participants: z.array(ParticipantId),
  messages: z.array(Message),
});
export type Transcript = z.infer<typeof TranscriptShape>;

/** A version 1 file: the same shape without `attempt`; its messages are in seq order, whatever their timestamps. */
export const TranscriptShapeV1 = TranscriptShape.extend({
  version: z.literal(1),
  messages: z.array(Message.omit({ attempt: true })),
});

/** What the thread list and the index know of a thread without loading it. */
export const ThreadSummary = z.strictObject({
  id: z.string().min(1),
  title: z.string(),
  updatedAt: isoDateTime,
  /** Messages that are not tombstones. */
  messageCount: z.number().int().nonnegative(),
  participants: z.array(z.string()),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;
