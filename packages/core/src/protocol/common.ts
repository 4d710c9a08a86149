import * as v from 'valibot';
import { MAX_PATH_CHARS } from '../limits/files';
import { describeIssues } from '../transcript/base';

export { MAX_FILE_QUERY_CHARS, MAX_FOUND_FILES, MAX_PATH_CHARS } from '../limits/files';
export { MAX_CODE_CHARS, MAX_CODE_LANGUAGE_CHARS, MAX_LINK_CHARS, MAX_USER_TEXT_CHARS } from '../limits/text';

// What both directions of the webview protocol share (see messages.ts for the protocol itself).

export const PROTOCOL_VERSION = 2;

/** The `v` field every message carries. */
export const protocolVersion = v.literal(PROTOCOL_VERSION);
export const empty = v.strictObject({});
export const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
export const requestId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/**
 * One direction's messages, as a message must be: an object that is not an array. valibot's object schemas take an
 * array with the right keys for an object (and make a plain object of it); the protocol drops it as malformed.
 */
export function aMessage<const S extends v.GenericSchema<Record<string, unknown>>>(messages: S) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'a message is an object, not an array',
    ),
    messages,
  );
}

/** A workspace-relative path, as the host lists it and the view sends it back. */
export const relativePath = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_PATH_CHARS));

/** Describes why a raw message was dropped, for the log (never echoes the whole payload: it may be large). */
export function describeInvalidMessage(raw: unknown, issues: readonly v.BaseIssue<unknown>[]): string {
  const rawType = typeof raw === 'object' && raw !== null && 'type' in raw ? (raw as { type: unknown }).type : '?';
  const type = typeof rawType === 'string' ? JSON.stringify(rawType.slice(0, 64)) : typeof rawType;
  const detail = describeIssues(issues);
  return `dropped invalid message (type ${type}): ${detail.length > 500 ? `${detail.slice(0, 500)}…` : detail}`;
}

/** Compile-time exhaustiveness for `switch` over message types. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
