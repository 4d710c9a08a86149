// Both ends of the webview protocol take whatever arrives through postMessage. The schemas must answer every value
// (never throw, whatever its size, depth or keys), the log line for a dropped message must stay short, and the host's
// view controller must drop what fails: logged once, never answered, and without disturbing what comes next.
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { disposeAll, setup } from '../../test/support/viewSetup';
import { anyValue, hostileLeaf, mutantOf } from '../testing/hostileValues';
import {
  describeInvalidMessage,
  type HostMessageType,
  type HostToWebview,
  HostToWebview as HostToWebviewSchema,
  hostMessage,
  type PendingContext,
  type ViewMessage,
  viewSignal,
  type WebviewMessageType,
  type WebviewToHost,
  WebviewToHost as WebviewToHostSchema,
} from './messages';

afterEach(disposeAll);

/**
 * The log line for a dropped message never grows with the message (it may be megabytes): 30 characters of prefix,
 * the type's first 64 characters quoted (up to 386 when each one is escaped as `\u0000`), 3 more, and at most 501
 * of zod's description (an unknown type alone lists every known one, about 490).
 */
const MAX_DESCRIPTION = 920;

// ---- one valid message of every type -----------------------------------------------------------------------

const AT = '2026-03-01T12:00:00.000Z';
const T = 'thread-1';

const intents: { [K in WebviewMessageType]: Extract<WebviewToHost, { type: K }> } = {
  'view/ready': viewSignal('view/ready') as Extract<WebviewToHost, { type: 'view/ready' }>,
  'view/resync': viewSignal('view/resync') as Extract<WebviewToHost, { type: 'view/resync' }>,
  'chat/send': { v: 2, type: 'chat/send', requestId: 'r', payload: { threadId: T, text: 'hi', targets: ['claude'] } },
  'chat/stop': { v: 2, type: 'chat/stop', requestId: 'r', payload: { threadId: T } },
  'context/remove': { v: 2, type: 'context/remove', requestId: 'r', payload: { id: 'c1' } },
  'turn/continue': { v: 2, type: 'turn/continue', requestId: 'r', payload: { threadId: T } },
  'turn/dismiss': { v: 2, type: 'turn/dismiss', requestId: 'r', payload: { threadId: T } },
  'turn/anotherRound': { v: 2, type: 'turn/anotherRound', requestId: 'r', payload: { threadId: T } },
  'chat/setTarget': { v: 2, type: 'chat/setTarget', requestId: 'r', payload: { threadId: T, participantId: 'gpt' } },
  'thread/new': { v: 2, type: 'thread/new', requestId: 'r', payload: {} },
  'thread/open': { v: 2, type: 'thread/open', requestId: 'r', payload: { threadId: T } },
  'message/retry': { v: 2, type: 'message/retry', requestId: 'r', payload: { threadId: T, messageId: 'm1' } },
  'message/delete': { v: 2, type: 'message/delete', requestId: 'r', payload: { threadId: T, messageId: 'm1' } },
  'message/regenerateAs': {
    v: 2,
    type: 'message/regenerateAs',
    requestId: 'r',
    payload: { threadId: T, messageId: 'm1', participantId: 'gpt' },
  },
  'message/prompt': { v: 2, type: 'message/prompt', requestId: 'r', payload: { threadId: T, messageId: 'm1' } },
  'storage/retry': { v: 2, type: 'storage/retry', requestId: 'r', payload: { threadId: T } },
  'storage/reveal': { v: 2, type: 'storage/reveal', requestId: 'r', payload: { threadId: T } },
  'link/open': { v: 2, type: 'link/open', requestId: 'r', payload: { url: 'https://example.com' } },
  'view/cspViolation': {
    v: 2,
    type: 'view/cspViolation',
    requestId: 'r',
    payload: { directive: 'script-src', blocked: 'inline', sample: '' },
  },
  'terms/dismiss': { v: 2, type: 'terms/dismiss', requestId: 'r', payload: {} },
  'code/insert': { v: 2, type: 'code/insert', requestId: 'r', payload: { code: 'x()' } },
  'code/newFile': { v: 2, type: 'code/newFile', requestId: 'r', payload: { code: 'x()', language: 'ts' } },
  'sidecar/actions': { v: 2, type: 'sidecar/actions', requestId: 'r', payload: {} },
  'seat/signIn': { v: 2, type: 'seat/signIn', requestId: 'r', payload: { participantId: 'claude' } },
  'seat/reset': { v: 2, type: 'seat/reset', requestId: 'r', payload: { participantId: 'claude' } },
};

const reply: ViewMessage = {
  id: 'm1',
  role: 'assistant',
  speaker: 'claude',
  content: 'Hi',
  status: 'complete',
  createdAt: AT,
};
const entry = { id: T, title: 'A thread', updatedAt: AT, messageCount: 1, busy: false };
const claude = { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true };
const block: PendingContext = {
  id: 'c1',
  block: { kind: 'selection', path: 'a.ts', range: [1, 2], content: 'x', language: 'ts' },
};

const hostMessages: { [K in HostMessageType]: Extract<HostToWebview, { type: K }> } = {
  'view/state': hostMessage('view/state', 0, T, {
    thread: { id: T, title: 'A thread', createdAt: AT, updatedAt: AT, busy: false, messages: [reply] },
    threads: [entry, { ...entry, id: 'broken', unreadable: 'not JSON' }],
    participants: [claude],
    defaultTarget: 'claude',
    sidecar: { state: 'downloading', detail: 'Downloading', receivedBytes: 10, totalBytes: 100 },
    seats: { claude: { kind: 'cooling', until: 1, reason: 'quota', canReset: true } },
    saveProblems: [{ threadId: T, title: 'A thread', reason: 'disk full' }],
    termsNotice: true,
    turn: { state: 'running', responders: ['claude'], current: 0 },
    context: [block],
  }) as Extract<HostToWebview, { type: 'view/state' }>,
  'message/added': { v: 2, seq: 1, threadId: T, type: 'message/added', payload: { message: reply, index: 1 } },
  'message/patched': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'message/patched',
    payload: { messageId: 'm1', append: { text: '!', offset: 2 }, status: 'error', error: 'e', usage: null },
  },
  'threads/changed': { v: 2, seq: 1, threadId: T, type: 'threads/changed', payload: { entry } },
  'threads/removed': { v: 2, seq: 1, threadId: T, type: 'threads/removed', payload: { threadId: 'old' } },
  'table/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'table/changed',
    payload: { participants: [claude], defaultTarget: null },
  },
  'sidecar/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'sidecar/changed',
    payload: { state: 'backoff', detail: 'x', retryAt: 5 },
  },
  'seats/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'seats/changed',
    payload: { gpt: { kind: 'needs-login', provider: 'codex' } },
  },
  'context/changed': { v: 2, seq: 1, threadId: T, type: 'context/changed', payload: { blocks: [block] } },
  'turn/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'turn/changed',
    payload: { turn: { state: 'answered', speakers: ['claude', 'gpt'], round: 1, maxRounds: 3 } },
  },
  'storage/changed': { v: 2, seq: 1, threadId: T, type: 'storage/changed', payload: { saveProblems: [] } },
  'terms/changed': { v: 2, seq: 1, threadId: T, type: 'terms/changed', payload: { show: false } },
  'composer/focus': { v: 2, seq: 1, threadId: T, type: 'composer/focus', payload: {} },
  'request/done': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'request/done',
    payload: { requestId: 'r', ok: false, reason: 'no' },
  },
};

// ---- hostile values ----------------------------------------------------------------------------------------

type Json = unknown;

/** A field's replacement: the shared hostile leaves, and the message type names of both directions. */
const leaf = hostileLeaf(fc.constantFrom(...Object.keys(intents), ...Object.keys(hostMessages)));

/** A valid message of either direction, changed in one to four places (it may still be valid). */
const mutant = mutantOf([...Object.values(intents), ...Object.values(hostMessages)], leaf);

const hostile = fc.oneof(anyValue, fc.jsonValue(), { weight: 3, arbitrary: mutant });

/** A value nested `depth` levels deep, alternating objects and arrays, under a message's payload. */
function deep(depth: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { payload: value, type: 'chat/send' };
  return value;
}

const ADVERSARIAL: [string, () => Json][] = [
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
const UNUSUAL_BUT_VALID: [string, () => Json][] = [
  ['a null-prototype message', () => Object.assign(Object.create(null), intents['thread/new'])],
  ['a class instance', () => Object.assign(new (class Message {})(), intents['thread/new'])],
];

function chatSend(payload: Record<string, unknown>): Json {
  return { ...intents['chat/send'], payload: { ...intents['chat/send'].payload, ...payload } };
}

/** Parses with both directions' schemas (neither may throw) and checks the log line of each failure. */
function expectAnswered(raw: Json): void {
  for (const schema of [WebviewToHostSchema, HostToWebviewSchema]) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) continue;
    const line = describeInvalidMessage(raw, parsed.error);
    expect(line).toMatch(/^dropped invalid message \(type /);
    expect(line.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
  }
}

describe('the protocol schemas', () => {
  test('accept one valid message of every type (so the mutants start from valid messages)', () => {
    for (const message of Object.values(intents)) expect(WebviewToHostSchema.safeParse(message).success).toBe(true);
    for (const message of Object.values(hostMessages))
      expect(HostToWebviewSchema.safeParse(message).success).toBe(true);
  });

  test('answer every value without throwing, and describe a failure in a short line', () => {
    fc.assert(fc.property(hostile, expectAnswered), { numRuns: 300 });
  });

  test.each(ADVERSARIAL)('the same for %s', (_name, make) => {
    const raw = make();
    expectAnswered(raw);
    expect(WebviewToHostSchema.safeParse(raw).success).toBe(false);
    expect(HostToWebviewSchema.safeParse(raw).success).toBe(false);
  });

  test.each(UNUSUAL_BUT_VALID)('%s is read like the plain object', (_name, make) => {
    expect(WebviewToHostSchema.safeParse(make())).toEqual({ success: true, data: intents['thread/new'] });
  });

  test('an own __proto__ key never changes the prototype of what parses, nor of anything else', () => {
    const raw = JSON.parse(
      `{"v":2,"seq":1,"threadId":"t","type":"seats/changed","payload":{"__proto__":{"kind":"needs-login","provider":"x","polluted":true}}}`,
    );
    const parsed = HostToWebviewSchema.safeParse(raw);
    if (parsed.success) {
      expect(Object.getPrototypeOf(parsed.data.payload)).toBe(Object.prototype);
      expect(Object.keys(parsed.data.payload)).toEqual([]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).kind).toBeUndefined();
  });
});

// ---- the host's side: the view controller ------------------------------------------------------------------

/** Values the host must drop: hostile values that are not a valid intent. */
const malformed = hostile.filter((raw) => !WebviewToHostSchema.safeParse(raw).success);

describe('ChatViewController.receive', () => {
  test('drops 200 malformed messages, each with one short log line and no answer; a valid intent still works', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(malformed, { minLength: 200, maxLength: 200 }), async (messages) => {
        disposeAll();
        const { view, logs } = setup();
        const v = view();
        await v.ready();
        const posted = v.posted.length;
        const threadId = v.lastState().thread.id;
        for (const raw of messages) {
          const before = logs.length;
          await v.controller.receive(raw);
          expect(logs.length).toBe(before + 1);
          const line = logs.at(-1) ?? '';
          expect(line).toMatch(/^Webview: dropped invalid message \(type /);
          expect(line.length).toBeLessThanOrEqual('Webview: '.length + MAX_DESCRIPTION);
        }
        expect(v.posted.length).toBe(posted);
        expect(await v.intent('chat/send', { threadId, text: 'still there?' })).toEqual({ requestId: 'r1', ok: true });
        expect(v.posted.filter((m) => m.type === 'request/done')).toHaveLength(1);
      }),
      { numRuns: 5 },
    );
  });

  test.each(ADVERSARIAL)('drops %s the same way', async (_name, make) => {
    const { view, logs } = setup();
    const v = view();
    await v.ready();
    const posted = v.posted.length;
    await v.controller.receive(make());
    expect(logs).toHaveLength(1);
    expect(logs[0]?.length).toBeLessThanOrEqual('Webview: '.length + MAX_DESCRIPTION);
    expect(v.posted.length).toBe(posted);
    expect(await v.intent('thread/new', {})).toEqual({ requestId: 'r1', ok: true });
  });

  test('drops malformed messages before view/ready too, and still answers the handshake', async () => {
    const { view, logs } = setup();
    const v = view();
    for (const raw of fc.sample(malformed, { numRuns: 20, seed: 1 })) await v.controller.receive(raw);
    expect(logs).toHaveLength(20);
    expect(v.posted).toEqual([]);
    await v.ready();
    expect(v.types()).toEqual(['view/state']);
    expect(await v.intent('thread/new', {})).toEqual({ requestId: 'r1', ok: true });
  });
});
