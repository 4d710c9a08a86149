import * as v from 'valibot';
import { describeIssues } from './base';
import { compareMessages } from './order';
import { findPlanViolation } from './planInvariants';
import {
  LEASED_STATUSES,
  type Message,
  PERSISTABLE_STATUSES,
  SYSTEM_SPEAKER,
  TRANSCRIPT_VERSION,
  type Transcript,
  TranscriptShape,
  TranscriptShapeV1,
  TranscriptShapeV2,
  TranscriptShapeV3,
  TranscriptShapeV4,
  TranscriptShapeV5,
  TranscriptShapeV6,
  USER_SPEAKER,
} from './schema';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** `newer`: the file is in a format this build does not know; it must be left alone, not set aside or overwritten. */
export type TranscriptParseResult = { ok: true; value: Transcript } | { ok: false; error: string; newer?: true };

/**
 * Validates a thread read from disk (or anywhere untrusted). On failure the error names the broken field or
 * invariant, e.g. `messages[2].seq: expected 2 (seq must start at 0 and increase by 1), got 3`.
 *
 * Invariants beyond the shape:
 * - messages are in the thread order (`compareMessages`: createdAt, then id) and `messages[i].seq === i`:
 *   gap-free, starting at 0 (tombstones keep their place);
 * - message ids are unique; participant ids are unique;
 * - role and speaker agree: `user` is spoken by "user", `system` by "system", and every `assistant` speaker
 *   is one of the transcript's own `participants`;
 * - no `streaming` message but a reply of a plan whose turn holds a lease not ended (its text so far, written so a
 *   crash keeps it); `cutOff` only on a stopped reply;
 * - an `error` message carries its (non-blank) error text; a `deleted` tombstone has no content and no context;
 * - context blocks, targets, attempts, unrouted names, alternatives and left-out counts belong to the messages that
 *   can have them (user; user; assistant; user; assistant; assistant);
 * - an alternative names an earlier reply of the thread that is not itself an alternative;
 * - plans, reviews and steps hold together (`findPlanViolation`).
 *
 * Version 1 to 6 files are accepted and upgraded (see `parseVersion1`); a higher version is refused with `newer`.
 */
export function parseTranscript(json: unknown): TranscriptParseResult {
  // A value no file can hold (an array with its own `constructor`, a getter that throws) may make the schema library
  // throw: at this trust boundary that is a refusal like any other, never an exception.
  try {
    return parseUntrusted(json);
  } catch (error) {
    return { ok: false, error: `Invalid thread: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function parseUntrusted(json: unknown): TranscriptParseResult {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    const kind = json === null ? 'null' : Array.isArray(json) ? 'an array' : typeof json;
    return { ok: false, error: `Invalid thread: expected object, received ${kind}` };
  }
  const version = 'version' in json ? json.version : undefined;
  if (typeof version === 'number' && Number.isInteger(version) && version > TRANSCRIPT_VERSION) {
    return {
      ok: false,
      error: `Written by a newer Roundtable (thread format ${version}; this version reads up to ${TRANSCRIPT_VERSION}). Update Roundtable to open it.`,
      newer: true,
    };
  }
  if (version === 1) return parseVersion1(json);
  if (version === 2 || version === 3 || version === 4 || version === 5 || version === 6) {
    return parseOptionalAdditions(json, version);
  }
  const shape = v.safeParse(TranscriptShape, json);
  if (!shape.success) {
    return { ok: false, error: `Invalid thread: ${describeIssues(shape.issues)}` };
  }
  const problem =
    findInvariantViolation(shape.output) ?? findOrderViolation(shape.output) ?? findPlanViolation(shape.output);
  return problem ? { ok: false, error: `Invalid thread: ${problem}` } : { ok: true, value: shape.output };
}

/** The latest time an ISO date-time with a four-digit year can say. */
const LATEST_ISO_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Version 1 kept messages in seq order with timestamps that could tie. The upgrade keeps that order and makes it
 * the thread order (`compareMessages`): each message's createdAt is raised, where needed, to 1 ms after the one
 * before it. Deterministic, so every window upgrades a file to the same messages.
 */
function parseVersion1(json: unknown): TranscriptParseResult {
  const shape = v.safeParse(TranscriptShapeV1, json);
  if (!shape.success) return { ok: false, error: `Invalid thread: ${describeIssues(shape.issues)}` };
  const problem = findInvariantViolation({ ...shape.output, version: TRANSCRIPT_VERSION });
  if (problem) return { ok: false, error: `Invalid thread: ${problem}` };
  let floor = Number.NEGATIVE_INFINITY;
  const messages: Message[] = [];
  for (const [i, m] of shape.output.messages.entries()) {
    const at = Math.max(Date.parse(m.createdAt), floor);
    // Past year 9999 (UTC) `toISOString` writes a six-digit year, which no thread may hold: the upgrade would make
    // a thread that cannot be read back.
    if (at > LATEST_ISO_TIME) {
      return {
        ok: false,
        error: `Invalid thread: messages[${i}].createdAt: ${m.createdAt} cannot be upgraded (after the year 9999)`,
      };
    }
    floor = at + 1;
    const createdAt = new Date(at).toISOString();
    messages.push(createdAt === m.createdAt ? m : { ...m, createdAt });
  }
  return { ok: true, value: { ...shape.output, version: TRANSCRIPT_VERSION, messages } };
}

const OLDER_SHAPES = {
  2: TranscriptShapeV2,
  3: TranscriptShapeV3,
  4: TranscriptShapeV4,
  5: TranscriptShapeV5,
  6: TranscriptShapeV6,
} as const;

/** Versions 2 to 6 are the current format without its later optional additions: they read as they are. */
function parseOptionalAdditions(json: unknown, version: keyof typeof OLDER_SHAPES): TranscriptParseResult {
  const shape = v.safeParse(OLDER_SHAPES[version], json);
  if (!shape.success) return { ok: false, error: `Invalid thread: ${describeIssues(shape.issues)}` };
  const upgraded: Transcript = { ...shape.output, version: TRANSCRIPT_VERSION };
  const problem = findInvariantViolation(upgraded) ?? findOrderViolation(upgraded) ?? findPlanViolation(upgraded);
  return problem ? { ok: false, error: `Invalid thread: ${problem}` } : { ok: true, value: upgraded };
}

/** Messages must be stored in the thread order (`compareMessages`), with no two alike. */
function findOrderViolation(transcript: Transcript): string | undefined {
  for (let i = 1; i < transcript.messages.length; i++) {
    const previous = transcript.messages[i - 1];
    const current = transcript.messages[i];
    if (previous && current && compareMessages(previous, current) >= 0) {
      return `messages[${i}]: out of order (messages are stored by createdAt, then id; "${current.id}" at ${current.createdAt} comes before "${previous.id}" at ${previous.createdAt})`;
    }
  }
  return undefined;
}

/** A reply still streaming, written while its plan's turn held a lease that has not ended (its text so far). */
export function leasedHere(transcript: Pick<Transcript, 'leases'>, m: Message): boolean {
  const plan = m.step?.plan;
  return (
    LEASED_STATUSES.includes(m.status) &&
    m.role === 'assistant' &&
    plan !== undefined &&
    (transcript.leases ?? []).some((l) => l.plan === plan && l.ended === undefined)
  );
}

/** Returns a readable description of the first broken invariant, or undefined when all hold. */
export function findInvariantViolation(transcript: Transcript): string | undefined {
  const participants = new Set<string>();
  for (const [i, id] of transcript.participants.entries()) {
    if (participants.has(id)) return `participants[${i}]: duplicate participant id "${id}"`;
    participants.add(id);
  }

  const ids = new Set<string>();
  const replies = new Map<string, Message>();
  for (const [i, m] of transcript.messages.entries()) {
    const at = `messages[${i}]`;
    if (m.seq !== i) {
      return `${at}.seq: expected ${i} (seq must start at 0 and increase by 1 with no gaps), got ${m.seq}`;
    }
    if (ids.has(m.id)) return `${at}.id: duplicate message id "${m.id}"`;
    ids.add(m.id);

    if (!PERSISTABLE_STATUSES.includes(m.status) && !leasedHere(transcript, m)) {
      return `${at}.status: "${m.status}" is written only for a reply of a plan whose turn holds a lease`;
    }
    if (m.cutOff !== undefined && (m.role !== 'assistant' || m.status !== 'cancelled')) {
      return `${at}.cutOff: only a stopped reply was cut off`;
    }
    if (m.cutAtLength !== undefined && (m.role !== 'assistant' || m.status !== 'complete')) {
      return `${at}.cutAtLength: only a complete reply stops at its length limit`;
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
    if (m.role !== 'user' && m.images !== undefined) return `${at}.images: only user messages carry images`;
    if (m.role !== 'user' && m.targets !== undefined) return `${at}.targets: only user messages carry targets`;
    if (m.role !== 'assistant' && m.attempt !== undefined) return `${at}.attempt: only replies are retried`;
    if (m.role !== 'user' && m.unrouted !== undefined) return `${at}.unrouted: only user messages address anyone`;
    if (m.role !== 'assistant' && m.leftOut !== undefined) return `${at}.leftOut: only replies have a prompt`;
    if (m.alternativeOf !== undefined) {
      if (m.role !== 'assistant') return `${at}.alternativeOf: only a reply is an alternative`;
      const original = replies.get(m.alternativeOf);
      if (!original) return `${at}.alternativeOf: "${m.alternativeOf}" is not an earlier reply of this thread`;
      if (original.alternativeOf !== undefined) {
        return `${at}.alternativeOf: "${m.alternativeOf}" is itself an alternative (name the original reply)`;
      }
    }
    if (m.role === 'assistant') replies.set(m.id, m);
    if (m.status === 'error' && !m.error?.trim())
      return `${at}.error: a message with status "error" needs its error text`;
    if (m.status !== 'error' && m.error !== undefined) return `${at}.error: only status "error" carries an error`;
    if (m.status === 'deleted' && m.content !== '') return `${at}.content: a deleted message keeps no content`;
    if (m.status === 'deleted' && m.contextBlocks !== undefined) {
      return `${at}.contextBlocks: a deleted message keeps no context`;
    }
    if (m.status === 'deleted' && m.images !== undefined) return `${at}.images: a deleted message keeps no images`;
  }
  return undefined;
}
