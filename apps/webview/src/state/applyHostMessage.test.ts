import { type ChatState, type HostToWebview, hostMessage } from '@roundtable/core/protocol';
import { describe, expect, it } from 'vitest';
import { chatMessage, chatState, deltaMessage, stateMessage } from '../testing/fixtures';
import { applyHostMessage } from './applyHostMessage';

const streaming = chatMessage({ id: 'm2', seq: 1, content: 'Hel', status: 'streaming' });
const base = chatState({ busy: true }, [
  chatMessage({ id: 'm1', role: 'user', speaker: 'user', content: 'hi' }),
  streaming,
]);

function contentOf(state: ChatState | undefined, id: string): string | undefined {
  return state?.transcript.messages.find((m) => m.id === id)?.content;
}

/** Freezes recursively, so a reducer that mutates its input throws in strict mode. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('applyHostMessage', () => {
  const cases: {
    name: string;
    before: ChatState | undefined;
    message: HostToWebview;
    content?: string;
    resync: boolean;
    unchanged?: boolean;
  }[] = [
    {
      name: 'delta at the current length appends',
      before: base,
      message: deltaMessage('m2', 'lo', 3),
      content: 'Hello',
      resync: false,
    },
    {
      name: 'empty delta at the current length is a no-op append',
      before: base,
      message: deltaMessage('m2', '', 3),
      content: 'Hel',
      resync: false,
    },
    {
      name: 'delta past the end (a gap) resyncs',
      before: base,
      message: deltaMessage('m2', 'xx', 5),
      resync: true,
      unchanged: true,
    },
    {
      name: 'duplicate delta (offset behind) resyncs',
      before: base,
      message: deltaMessage('m2', 'el', 1),
      resync: true,
      unchanged: true,
    },
    {
      name: 'delta for an unknown message resyncs',
      before: base,
      message: deltaMessage('nope', 'x', 0),
      resync: true,
      unchanged: true,
    },
    {
      name: 'delta before any state resyncs',
      before: undefined,
      message: deltaMessage('m2', 'x', 0),
      resync: true,
      unchanged: true,
    },
    {
      name: 'messageStatus for an unknown message resyncs',
      before: base,
      message: hostMessage('messageStatus', { messageId: 'nope', status: 'complete' }),
      resync: true,
      unchanged: true,
    },
    {
      name: 'messageStatus before any state resyncs',
      before: undefined,
      message: hostMessage('messageStatus', { messageId: 'm2', status: 'complete' }),
      resync: true,
      unchanged: true,
    },
    {
      name: 'sidecarStatus before any state is dropped without resync (the coming state carries it)',
      before: undefined,
      message: hostMessage('sidecarStatus', { ok: false, detail: 'down' }),
      resync: false,
      unchanged: true,
    },
  ];

  it.each(cases)('$name', ({ before, message, content, resync, unchanged }) => {
    const result = applyHostMessage(deepFreeze(before), message);
    expect(result.resync).toBe(resync);
    if (unchanged) expect(result.state).toBe(before);
    if (content !== undefined) expect(contentOf(result.state, 'm2')).toBe(content);
  });

  it('state replaces everything, including a state it knows nothing about', () => {
    const next = chatState({ busy: false, defaultTarget: 'gpt' }, [
      chatMessage({ id: 'other', content: 'new thread' }),
    ]);
    expect(applyHostMessage(undefined, stateMessage(next))).toEqual({ state: next, resync: false });
    expect(applyHostMessage(deepFreeze(base), stateMessage(next))).toEqual({ state: next, resync: false });
  });

  it('measures offsets in UTF-16 code units, like the host', () => {
    const withEmoji = chatState({}, [chatMessage({ id: 'e', content: 'ok 👍', status: 'streaming' })]);
    expect('ok 👍'.length).toBe(5);
    expect(contentOf(applyHostMessage(withEmoji, deltaMessage('e', '!', 5)).state, 'e')).toBe('ok 👍!');
    expect(applyHostMessage(withEmoji, deltaMessage('e', '!', 4)).resync).toBe(true);
  });

  it('keeps the identity of messages it did not touch', () => {
    const { state } = applyHostMessage(deepFreeze(base), deltaMessage('m2', 'lo', 3));
    expect(state?.transcript.messages[0]).toBe(base.transcript.messages[0]);
    expect(state?.transcript.messages[1]).not.toBe(base.transcript.messages[1]);
  });

  it('messageStatus sets the status and the error text', () => {
    const { state, resync } = applyHostMessage(
      deepFreeze(base),
      hostMessage('messageStatus', { messageId: 'm2', status: 'error', error: 'HTTP 429: quota resets at 5pm' }),
    );
    expect(resync).toBe(false);
    expect(state?.transcript.messages[1]).toMatchObject({ status: 'error', error: 'HTTP 429: quota resets at 5pm' });
    expect(state?.transcript.messages[1]?.content).toBe('Hel');
  });

  it('messageStatus without an error clears a previous one', () => {
    const failed = chatState({}, [chatMessage({ id: 'f', status: 'error', error: 'boom' })]);
    const { state } = applyHostMessage(
      deepFreeze(failed),
      hostMessage('messageStatus', { messageId: 'f', status: 'streaming' }),
    );
    expect(state?.transcript.messages[0]?.status).toBe('streaming');
    expect(state?.transcript.messages[0]).not.toHaveProperty('error');
  });

  it('sidecarStatus replaces the status and nothing else', () => {
    const detail = { ok: false, detail: 'Connection refused at 127.0.0.1:8317: start CLIProxyAPI' };
    const { state, resync } = applyHostMessage(deepFreeze(base), hostMessage('sidecarStatus', detail));
    expect(resync).toBe(false);
    expect(state).toEqual({ ...base, sidecarStatus: detail });
  });

  // Order permutations: whatever order the three deltas of "Hello, world" arrive in, the replica never holds a
  // text that is not a prefix of the truth, and it asks for a resync exactly when something arrived out of order.
  const chunks = [
    { text: 'Hello', offset: 0 },
    { text: ', ', offset: 5 },
    { text: 'world', offset: 7 },
  ];
  const empty = chatState({}, [chatMessage({ id: 's', content: '', status: 'streaming' })]);
  const orders = permutations([0, 1, 2]).flatMap((order) => [order, [...order, order.at(-1) ?? 0]]);

  it.each(orders.map((order) => ({ order: order.join(','), indices: order })))(
    'deltas in order [$order] never produce a wrong text',
    ({ indices }) => {
      let state: ChatState | undefined = empty;
      let resyncs = 0;
      let expectedResyncs = 0;
      let applied = 0;
      for (const index of indices) {
        const chunk = chunks[index];
        if (!chunk) throw new Error('bad index');
        const result = applyHostMessage(state, deltaMessage('s', chunk.text, chunk.offset));
        if (index === applied) applied += 1;
        else expectedResyncs += 1;
        state = result.state;
        if (result.resync) resyncs += 1;
        expect('Hello, world'.startsWith(contentOf(state, 's') ?? '∅')).toBe(true);
      }
      expect(resyncs).toBe(expectedResyncs);
      expect(contentOf(state, 's')).toBe(
        'Hello, world'.slice(
          0,
          chunks.slice(0, applied).reduce((n, c) => n + c.text.length, 0),
        ),
      );
    },
  );
});

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
