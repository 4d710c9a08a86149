import * as z from 'zod';
import { PERSISTABLE_STATUSES, SYSTEM_SPEAKER, type Transcript, TranscriptShape, USER_SPEAKER } from './schema';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Validates a thread read from disk (or anywhere untrusted). On failure the error names the broken field or
 * invariant, e.g. `messages[2].seq: expected 2 (seq must start at 0 and increase by 1), got 3`.
 *
 * Invariants beyond the shape (brief section 5):
 * - `messages[i].seq === i`: gap-free, strictly increasing, starting at 0 (tombstones keep their seq);
 * - message ids are unique; participant ids are unique;
 * - role and speaker agree: `user` is spoken by "user", `system` by "system", and every `assistant` speaker
 *   is one of the transcript's own `participants`;
 * - no `streaming` message (a reply in flight is never written to disk);
 * - an `error` message carries its (non-blank) error text; a `deleted` tombstone has no content and no context;
 * - context blocks and targets belong to user messages only.
 */
export function parseTranscript(json: unknown): ParseResult<Transcript> {
  const shape = TranscriptShape.safeParse(json);
  if (!shape.success) {
    return { ok: false, error: `Invalid thread: ${z.prettifyError(shape.error)}` };
  }
  const problem = findInvariantViolation(shape.data);
  return problem ? { ok: false, error: `Invalid thread: ${problem}` } : { ok: true, value: shape.data };
}

/** Returns a readable description of the first broken invariant, or undefined when all hold. */
export function findInvariantViolation(transcript: Transcript): string | undefined {
  const participants = new Set<string>();
  for (const [i, id] of transcript.participants.entries()) {
    if (participants.has(id)) return `participants[${i}]: duplicate participant id "${id}"`;
    participants.add(id);
  }

  const ids = new Set<string>();
  for (const [i, m] of transcript.messages.entries()) {
    const at = `messages[${i}]`;
    if (m.seq !== i) {
      return `${at}.seq: expected ${i} (seq must start at 0 and increase by 1 with no gaps), got ${m.seq}`;
    }
    if (ids.has(m.id)) return `${at}.id: duplicate message id "${m.id}"`;
    ids.add(m.id);

    if (!PERSISTABLE_STATUSES.includes(m.status)) {
      return `${at}.status: "${m.status}" is never written to disk (only ${PERSISTABLE_STATUSES.join(', ')})`;
    }
    switch (m.role) {
      case 'user':
        if (m.speaker !== USER_SPEAKER) return `${at}.speaker: a user message must be spoken by "user"`;
        break;
      case 'system':
        if (m.speaker !== SYSTEM_SPEAKER) return `${at}.speaker: a system message must be spoken by "system"`;
        break;
      case 'assistant':
        if (!participants.has(m.speaker)) {
          return `${at}.speaker: "${m.speaker}" is not a participant of this thread (${[...participants].join(', ') || 'none'})`;
        }
        break;
    }
    if (m.role !== 'user' && m.contextBlocks !== undefined) {
      return `${at}.contextBlocks: only user messages carry context blocks`;
    }
    if (m.role !== 'user' && m.targets !== undefined) return `${at}.targets: only user messages carry targets`;
    if (m.status === 'error' && !m.error?.trim())
      return `${at}.error: a message with status "error" needs its error text`;
    if (m.status !== 'error' && m.error !== undefined) return `${at}.error: only status "error" carries an error`;
    if (m.status === 'deleted' && m.content !== '') return `${at}.content: a deleted message keeps no content`;
    if (m.status === 'deleted' && m.contextBlocks !== undefined) {
      return `${at}.contextBlocks: a deleted message keeps no context`;
    }
  }
  return undefined;
}
