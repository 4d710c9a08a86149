import * as z from 'zod/mini';
import { MAX_PATH_CHARS } from '../limits/files';

export { MAX_FILE_QUERY_CHARS, MAX_FOUND_FILES, MAX_PATH_CHARS } from '../limits/files';
export { MAX_CODE_CHARS, MAX_CODE_LANGUAGE_CHARS, MAX_LINK_CHARS, MAX_USER_TEXT_CHARS } from '../limits/text';

// What both directions of the webview protocol share (see messages.ts for the protocol itself).

export const PROTOCOL_VERSION = 2;

export const v = z.literal(PROTOCOL_VERSION);
export const empty = z.strictObject({});
export const id = z.string().check(z.minLength(1), z.maxLength(200));
export const requestId = z.string().check(z.minLength(1), z.maxLength(64));

/** A workspace-relative path, as the host lists it and the view sends it back. */
export const relativePath = z.string().check(z.minLength(1), z.maxLength(MAX_PATH_CHARS));

/** Describes why a raw message was dropped, for the log (never echoes the whole payload: it may be large). */
export function describeInvalidMessage(raw: unknown, error: z.core.$ZodError): string {
  const rawType = typeof raw === 'object' && raw !== null && 'type' in raw ? (raw as { type: unknown }).type : '?';
  const type = typeof rawType === 'string' ? JSON.stringify(rawType.slice(0, 64)) : typeof rawType;
  const detail = z.prettifyError(error).replaceAll('\n', '; ');
  return `dropped invalid message (type ${type}): ${detail.length > 500 ? `${detail.slice(0, 500)}…` : detail}`;
}

/** Compile-time exhaustiveness for `switch` over message types. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
