import fc from 'fast-check';
import * as v from 'valibot';
import { expect } from 'vitest';
import {
  describeInvalidMessage,
  HostToWebview as HostToWebviewSchema,
  WebviewToHost as WebviewToHostSchema,
} from '../../src/protocol/messages';
import { anyValue, hostileLeaf, mutantOf } from '../../src/testing/hostileValues';
import { hostMessages, intents } from './protocolSamples';

// Hostile values for the protocol's fuzz tests, and the bound on the log line of a message that fails.

/**
 * The log line for a dropped message never grows with the message (it may be megabytes): 30 characters of prefix,
 * the type's first 64 characters quoted (up to 386 when each one is escaped as `\u0000`), 3 more, and at most 501
 * of the schema's description (`describeIssues`).
 */
export const MAX_DESCRIPTION = 920;

// ---- hostile values ----------------------------------------------------------------------------------------

export type Json = unknown;

/** A field's replacement: the shared hostile leaves, and the message type names of both directions. */
const leaf = hostileLeaf(fc.constantFrom(...Object.keys(intents), ...Object.keys(hostMessages)));

/** A valid message of either direction, changed in one to four places (it may still be valid). */
const mutant = mutantOf([...Object.values(intents), ...Object.values(hostMessages)], leaf);

export const hostile = fc.oneof(anyValue, fc.jsonValue(), { weight: 3, arbitrary: mutant });

/** A value nested `depth` levels deep, alternating objects and arrays, under a message's payload. */
function deep(depth: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { payload: value, type: 'chat/send' };
  return value;
}

export const ADVERSARIAL: [string, () => Json][] = [
  ['a value 100 000 levels deep', () => deep(100_000)],
  ['a deep payload of a known type', () => ({ ...intents['chat/send'], payload: deep(100_000) })],
  [
    'a payload with 100 000 unknown keys',
    () => ({
      ...intents['chat/send'],
      payload: Object.fromEntries(Array.from({ length: 1e5 }, (_, i) => [`k${i}`, i])),
    }),
  ],
  [
    'an array of a million entries as targets',
    () => chatSend({ targets: Array.from({ length: 1e6 }, () => 'claude') }),
  ],
  ['a text of 10 million characters', () => chatSend({ text: 'x'.repeat(1e7) })],
  ['an unknown key of a million characters', () => ({ ...intents['thread/new'], ['k'.repeat(1e6)]: 1 })],
  ['a type of a million characters', () => ({ ...intents['thread/new'], type: '\u0000'.repeat(1e6) })],
  ['an own __proto__ key', () => JSON.parse('{"v":2,"type":"thread/new","requestId":"r","payload":{"__proto__":{}}}')],
  [
    'an own __proto__ message',
    () => JSON.parse('{"__proto__":{"v":2,"type":"thread/new","requestId":"r","payload":{}}}'),
  ],
  ['constructor as a key', () => ({ ...intents['thread/new'], payload: { constructor: { prototype: { x: 1 } } } })],
  ['an array with the keys of a message', () => Object.assign([], intents['thread/new'])],
  ['a sparse array of targets', () => chatSend({ targets: Array(5) })],
  ['a Map', () => new Map(Object.entries(intents['thread/new']))],
];

/** Not what postMessage delivers (structured clone makes plain objects), but read as their plain equivalents. */
export const UNUSUAL_BUT_VALID: [string, () => Json][] = [
  ['a null-prototype message', () => Object.assign(Object.create(null), intents['thread/new'])],
  ['a class instance', () => Object.assign(new (class Message {})(), intents['thread/new'])],
];

function chatSend(payload: Record<string, unknown>): Json {
  return { ...intents['chat/send'], payload: { ...intents['chat/send'].payload, ...payload } };
}

/** Parses with both directions' schemas (neither may throw) and checks the log line of each failure. */
export function expectAnswered(raw: Json): void {
  for (const schema of [WebviewToHostSchema, HostToWebviewSchema]) {
    const parsed = v.safeParse(schema, raw);
    if (parsed.success) continue;
    const line = describeInvalidMessage(raw, parsed.issues);
    expect(line).toMatch(/^dropped invalid message \(type /);
    expect(line.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
  }
}

/** Values the host must drop: hostile values that are not a valid intent. */
export const malformed = hostile.filter((raw) => !v.safeParse(WebviewToHostSchema, raw).success);
