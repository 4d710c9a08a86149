// The page takes whatever the host frame posts. Malformed host messages must be dropped at the transport (one warning
// each, never thrown, never reaching the model), and leave the replica exactly as it was, still in step with the
// host; messages that are well formed but do not fit the replica must leave it as it was too, and ask for one resync.
import {
  type HostMessageType,
  type HostToWebview,
  HostToWebview as HostToWebviewSchema,
  hostMessage,
} from '@roundtable/core/protocol';
import { anyValue, hostileLeaf, mutantOf } from '@roundtable/core/testing';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChatModel } from '../models/ChatModel';
import { HostScript, listEntry, turnPlan, viewMessage, viewState } from '../testing/fixtures';
import { FakeHostTransport } from './FakeHostTransport';
import { type VsCodeApi, VsCodeHostTransport } from './VsCodeHostTransport';

/** See packages/core/test/support/protocolHostile.ts for how the longest log line of a dropped message adds up. */
const MAX_WARNING = 920;

const THREAD = 'thread-1';
const shown = [
  viewMessage({ id: 'm1', role: 'user', speaker: 'user', content: 'hi' }),
  viewMessage({ id: 'm2', content: 'Hel', status: 'streaming' }),
];

/** A model over the fake transport, showing one thread with a reply streaming in; every warning recorded. */
function setup() {
  const warnings: string[] = [];
  const transport = new FakeHostTransport((line) => warnings.push(line));
  const chat = new ChatModel(transport);
  const host = new HostScript();
  transport.emit(host.state(viewState({ thread: { busy: true } }, shown)));
  return { transport, chat, host, warnings };
}

/** Everything the page shows or has asked of the host. */
function snapshot({ chat, transport }: Pick<ReturnType<typeof setup>, 'chat' | 'transport'>) {
  const r = chat.replica;
  return structuredClone({
    messages: r.messageList(),
    order: r.order.peek(),
    thread: r.thread.peek(),
    threads: r.threads.peek(),
    participants: r.participants.peek(),
    groups: r.groups.peek(),
    defaultTarget: r.defaultTarget.peek(),
    mode: r.mode.peek(),
    plans: [...r.plans.peek()],
    sidecar: r.sidecar.peek(),
    seats: r.seats.peek(),
    saveProblems: r.saveProblems.peek(),
    termsNotice: r.termsNotice.peek(),
    turn: r.turn.peek(),
    context: r.context.peek(),
    notice: chat.notice.peek(),
    focusRequests: chat.focusRequests.peek(),
    files: chat.files.peek(),
    posted: transport.postedTypes(),
  });
}

// ---- valid messages the replica would apply next (seq 1), one of every type ----------------------------------

const AT = '2026-11-30T12:30:00.000Z';
const claude = { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true };
const block = { id: 'c1', block: { kind: 'file' as const, path: 'a.ts', content: 'x' } };

const next: { [K in HostMessageType]: HostToWebview } = {
  'view/state': hostMessage('view/state', 1, THREAD, viewState({}, shown)),
  'message/added': hostMessage('message/added', 1, THREAD, { message: viewMessage({ id: 'm3' }), index: 2 }),
  'message/patched': hostMessage('message/patched', 1, THREAD, {
    messageId: 'm2',
    append: { text: 'lo', offset: 3 },
    status: 'error',
    error: 'HTTP 500',
    usage: null,
    timing: { firstTokenMs: 800, totalMs: 4_200 },
  }),
  'threads/changed': hostMessage('threads/changed', 1, THREAD, { entry: listEntry({ id: 'other', updatedAt: AT }) }),
  'threads/removed': hostMessage('threads/removed', 1, THREAD, { threadId: 'other' }),
  'threads/listed': hostMessage('threads/listed', 1, THREAD, { entries: [listEntry({ id: 'other' })], total: 1 }),
  'table/changed': hostMessage('table/changed', 1, THREAD, {
    participants: [claude],
    groups: [{ id: 'solo', displayName: '@solo', members: ['claude'], mode: 'council' }],
    defaultTarget: null,
    mode: 'independent',
  }),
  'plan/added': hostMessage('plan/added', 1, THREAD, { plan: turnPlan({ id: 'p1', mode: 'independent' }) }),
  'sidecar/changed': hostMessage('sidecar/changed', 1, THREAD, { state: 'backoff', detail: 'x', retryAt: 1 }),
  'seats/changed': hostMessage('seats/changed', 1, THREAD, { claude: { kind: 'needs-login', provider: 'claude' } }),
  'context/changed': hostMessage('context/changed', 1, THREAD, { blocks: [block] }),
  'turn/changed': hostMessage('turn/changed', 1, THREAD, {
    turn: { state: 'stopped', step: 'answer', skipped: ['gpt'] },
  }),
  'storage/changed': hostMessage('storage/changed', 1, THREAD, {
    saveProblems: [{ threadId: THREAD, title: 't', reason: 'disk full' }],
  }),
  'spending/changed': hostMessage('spending/changed', 1, THREAD, {
    seats: {
      claude: {
        today: { requests: 2, inputTokens: 9, outputTokens: 1, estimated: true },
        last5h: { requests: 1, inputTokens: 4, outputTokens: 1 },
      },
    },
  }),
  'terms/changed': hostMessage('terms/changed', 1, THREAD, { notice: 'line' }),
  'composer/focus': hostMessage('composer/focus', 1, THREAD, {}),
  'files/found': hostMessage('files/found', 1, THREAD, { query: 'retr', files: ['src/retry.ts'] }),
  'cost/estimated': hostMessage('cost/estimated', 1, THREAD, {
    requestId: 'q2',
    cost: { kind: 'sends', mode: 'council', seats: ['claude'], requests: 1 },
  }),
  'request/done': hostMessage('request/done', 1, THREAD, { requestId: 'q1', ok: false, reason: 'refused' }),
};

// ---- malformed values ----------------------------------------------------------------------------------------

/**
 * What a mutation puts in a field. `hostileLeaf` offers its empty `[]` and `{}` as constants (one object each), and a
 * mutation changes its sample in place: placed twice in one sample, the one `{}` can end up inside itself (an endless
 * value), and a key set on it would carry over to later samples. Each use gets an empty container of its own.
 */
const leaf = hostileLeaf(fc.constantFrom(...Object.keys(next))).map((value) => {
  if (Array.isArray(value) && value.length === 0) return [];
  const plain = typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
  return plain && Reflect.ownKeys(value).length === 0 ? {} : value;
});

/** A message the replica would apply next, changed in one to four places. */
const mutant = mutantOf(Object.values(next), leaf);

/** What the page must drop: anything that is not a valid host message. */
const malformed = fc
  .oneof(anyValue, fc.jsonValue(), { weight: 4, arbitrary: mutant })
  .filter((raw) => !v.safeParse(HostToWebviewSchema, raw).success);

describe('malformed host messages', () => {
  it('the samples are valid and each would be applied next', () => {
    for (const message of Object.values(next)) {
      expect(v.safeParse(HostToWebviewSchema, message).success).toBe(true);
      expect(setup().chat.replica.apply(message)).toBe('applied');
    }
  });

  it('are dropped with one short warning each; nothing changes, and the next valid message still applies', () => {
    fc.assert(
      fc.property(fc.array(malformed, { minLength: 20, maxLength: 200 }), (messages) => {
        const page = setup();
        const before = snapshot(page);
        for (const raw of messages) {
          const warned = page.warnings.length;
          expect(() => page.transport.emit(raw)).not.toThrow();
          expect(page.warnings.length).toBe(warned + 1);
          expect(page.warnings.at(-1)).toMatch(/^dropped invalid message \(type /);
          expect(page.warnings.at(-1)?.length).toBeLessThanOrEqual(MAX_WARNING);
        }
        expect(snapshot(page)).toEqual(before);
        page.transport.emit(page.host.appended('m2', 'lo', 3));
        expect(page.chat.replica.message('m2')?.peek().content).toBe('Hello');
        expect(page.transport.postedTypes()).toEqual(['view/ready']);
      }),
      { numRuns: 40 },
    );
  });

  it('through the VS Code adapter as well: never reaching a listener, one warning each', () => {
    const target = new EventTarget();
    const warnings: string[] = [];
    const api: VsCodeApi = { postMessage: () => {}, getState: () => undefined, setState: () => {} };
    const transport = new VsCodeHostTransport(api, target, (line) => warnings.push(line));
    const received: HostToWebview[] = [];
    const off = transport.onMessage((message) => received.push(message));
    const messages = fc.sample(malformed, { numRuns: 200, seed: 42 });
    for (const data of messages) target.dispatchEvent(new MessageEvent('message', { data }));
    expect(received).toEqual([]);
    expect(warnings).toHaveLength(200);
    target.dispatchEvent(new MessageEvent('message', { data: next['terms/changed'] }));
    expect(received).toEqual([next['terms/changed']]);
    off();
  });
});

// ---- well formed, but not what the replica can apply ---------------------------------------------------------

/** A valid message the replica cannot apply as it stands: out of sequence, for another thread, or not fitting. */
const misfit: fc.Arbitrary<HostToWebview> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...Object.values(next).filter((m) => m.type !== 'view/state')),
      fc.integer({ min: 0, max: 9 }),
    )
    .filter(([, seq]) => seq !== 1)
    .map(([message, seq]) => ({ ...message, seq })),
  fc
    .constantFrom(...Object.values(next).filter((m) => m.type !== 'view/state'))
    .map((message) => ({ ...message, threadId: 'another-thread' })),
  fc.constantFrom(
    hostMessage('message/patched', 1, THREAD, { messageId: 'unknown', status: 'complete' }),
    hostMessage('message/patched', 1, THREAD, { messageId: 'm2', append: { text: 'lo', offset: 2 } }),
    hostMessage('message/patched', 1, THREAD, { messageId: 'm2', append: { text: 'lo', offset: 4 } }),
    hostMessage('message/added', 1, THREAD, { message: viewMessage({ id: 'm2' }), index: 2 }),
    hostMessage('message/added', 1, THREAD, { message: viewMessage({ id: 'm9' }), index: 3 }),
  ),
);

describe('well-formed host messages that do not fit', () => {
  it('leave the replica as it was and ask for one resync, then a full state brings it back in step', () => {
    fc.assert(
      fc.property(misfit, fc.array(fc.constantFrom(...Object.values(next)), { maxLength: 5 }), (first, rest) => {
        const page = setup();
        const before = snapshot(page);
        expect(() => page.transport.emit(first)).not.toThrow();
        // Until the state arrives, even messages that would have fitted are ignored.
        for (const message of rest.filter((m) => m.type === 'message/patched' || m.type === 'message/added')) {
          page.transport.emit(message);
        }
        const { posted, notice, focusRequests, ...replicated } = snapshot(page);
        const { posted: _p, notice: _n, focusRequests: _f, ...replicatedBefore } = before;
        expect(replicated).toEqual(replicatedBefore);
        expect(posted).toEqual(['view/ready', 'view/resync']);
        expect(page.warnings).toEqual([]);
        // A refused request still ends, and asked focus is still given: those are not replica state.
        expect(notice === undefined || first.type === 'request/done').toBe(true);
        expect(focusRequests === 0 || first.type === 'composer/focus').toBe(true);

        page.transport.emit(hostMessage('view/state', 7, THREAD, viewState({ thread: { busy: true } }, shown)));
        page.transport.emit(
          hostMessage('message/patched', 8, THREAD, { messageId: 'm2', append: { text: 'lo', offset: 3 } }),
        );
        expect(page.chat.replica.message('m2')?.peek().content).toBe('Hello');
        expect(page.transport.postedTypes()).toEqual(['view/ready', 'view/resync']);
      }),
      { numRuns: 200 },
    );
  });
});
