// The streaming client's request, how the reply is read, the access key kept out of messages, what is released.
//
// The streaming client against a fake `fetch` whose responses the test writes piece by piece: what exactly is sent,
// how each piece of the reply becomes events, what is noted and redacted, and (with fake timers standing in for the
// clock) how long the retry waits and what the stall timer counts.
import { getEventListeners } from 'node:events';
import { describe, expect, test } from 'vitest';
import { BASE_URL, chunk, collect, DONE, fakeFetch, never, request, sse } from '../../test/support/fakeFetch';
import { streamChatCompletion } from './streamChatCompletion';

describe('the request', () => {
  test('every trailing slash of the base URL is dropped before /chat/completions', async () => {
    const { fetch, calls } = fakeFetch(sse([DONE]));
    await collect(streamChatCompletion(request(fetch, { baseUrl: 'http://proxy.test/v1///' }), never()));
    expect(calls.map((c) => c.url)).toEqual(['http://proxy.test/v1/chat/completions']);
  });
});

describe('reading the reply', () => {
  test('an event stream whose Content-Type has a charset parameter is read as a stream', async () => {
    const { fetch } = fakeFetch(sse([chunk('hi'), DONE], { 'Content-Type': 'text/event-stream; charset=utf-8' }));
    expect(await collect(streamChatCompletion(request(fetch), never()))).toEqual([
      { type: 'delta', text: 'hi' },
      { type: 'finish', reason: null },
    ]);
  });

  test('a [DONE] arriving in a network chunk of its own adds no empty delta', async () => {
    const { fetch } = fakeFetch(
      sse([chunk('one'), 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n', DONE]),
    );
    expect(await collect(streamChatCompletion(request(fetch), never()))).toEqual([
      { type: 'delta', text: 'one' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  test('an error chunk arriving in a network chunk of its own adds no empty delta', async () => {
    const { fetch } = fakeFetch(sse([chunk('partial'), 'data: {"error":{"message":"upstream broke"}}\n\n']));
    expect(await collect(streamChatCompletion(request(fetch), never()))).toEqual([
      { type: 'delta', text: 'partial' },
      { type: 'error', error: { kind: 'stream', message: 'The reply stream failed: upstream broke.' } },
    ]);
  });

  test('usage reported on an early chunk is kept when later chunks carry none', async () => {
    const { fetch } = fakeFetch(
      sse([chunk('a', { usage: { prompt_tokens: 7, completion_tokens: 3 } }), chunk('b'), DONE]),
    );
    expect(await collect(streamChatCompletion(request(fetch), never()))).toEqual([
      { type: 'delta', text: 'a' },
      { type: 'delta', text: 'b' },
      { type: 'usage', usage: { inputTokens: 7, outputTokens: 3 } },
      { type: 'finish', reason: null },
    ]);
  });

  test('a reply exactly as long as the reply bound is complete', async () => {
    const { fetch } = fakeFetch(sse([chunk('hel'), chunk('lo'), DONE]));
    expect(await collect(streamChatCompletion(request(fetch, { limits: { maxReplyChars: 5 } }), never()))).toEqual([
      { type: 'delta', text: 'hel' },
      { type: 'delta', text: 'lo' },
      { type: 'finish', reason: null },
    ]);
  });

  test('one character past the reply bound keeps the bound and ends with a stream error saying so', async () => {
    const { fetch } = fakeFetch(sse([chunk('hel'), chunk('lo!'), DONE]));
    expect(await collect(streamChatCompletion(request(fetch, { limits: { maxReplyChars: 5 } }), never()))).toEqual([
      { type: 'delta', text: 'hel' },
      { type: 'delta', text: 'lo' },
      {
        type: 'error',
        error: {
          kind: 'stream',
          message: 'The reply passed 5 characters, the most Roundtable keeps of one reply; it was stopped there.',
        },
      },
    ]);
  });
});

describe('the access key never reaches a message', () => {
  const key = 'sk-local-0123456789abcdefghijklmnopqrstuvwxyz';

  test('a key echoed in an error chunk is taken out before the message is cut to length', async () => {
    // Unredacted, the provider's text is 425 characters and would be cut inside the key.
    const { fetch } = fakeFetch(sse([`data: {"error":{"message":"${'e'.repeat(380)}${key}"}}\n\n`]));
    expect(await collect(streamChatCompletion(request(fetch, { accessKey: key }), never()))).toEqual([
      {
        type: 'error',
        error: { kind: 'stream', message: `The reply stream failed: ${'e'.repeat(380)}[access key].` },
      },
    ]);
  });

  test('a chunk made invalid only by a quote inside the key is still reported as invalid, without the key', async () => {
    const quoted = 'sk-"quoted"-0123456789abcdef';
    const { fetch } = fakeFetch(sse([chunk('before '), `data: {"choices":[{"delta":{"content":"${quoted}"}}]}\n\n`]));
    const events = await collect(streamChatCompletion(request(fetch, { accessKey: quoted }), never()));
    expect(events.map((e) => e.type)).toEqual(['delta', 'error']);
    const last = events.at(-1);
    if (last?.type !== 'error') throw new Error('the stream should end with an error');
    expect(last.error.kind).toBe('stream');
    expect(last.error.message).toMatch(/^CLIProxyAPI sent a stream chunk that is not valid JSON \(/);
    expect(last.error.message).toContain('{"choices":[{"delta":{"content":"[access key]"}}]}');
    expect(last.error.message).not.toContain(quoted);
  });

  test('a key quoted in the error of a failing fetch is redacted from the network error', async () => {
    const failure = new TypeError('fetch failed', { cause: new Error(`proxy echoed Bearer ${key}`) });
    const { fetch } = fakeFetch(failure);
    expect(await collect(streamChatCompletion(request(fetch, { accessKey: key }), never()))).toEqual([
      {
        type: 'error',
        error: {
          kind: 'network',
          message: `Cannot reach CLIProxyAPI at ${BASE_URL} (proxy echoed Bearer [access key]). Check that the proxy is running and that the URL is right.`,
        },
      },
    ]);
  });
});

describe('releasing what the request held', () => {
  test('after a complete reply the request’s signal is aborted, so the connection is let go', async () => {
    const { fetch, calls } = fakeFetch(sse([chunk('hi'), DONE]));
    await collect(streamChatCompletion(request(fetch), never()));
    expect(calls[0]?.init.signal?.aborted).toBe(true);
  });

  test('the listener put on the caller’s signal is there during the reply and gone after it', async () => {
    const signal = never();
    const { fetch } = fakeFetch(sse([chunk('hi'), DONE]));
    const iterator = streamChatCompletion(request(fetch), signal);
    expect((await iterator.next()).value).toEqual({ type: 'delta', text: 'hi' });
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    await collect({ [Symbol.asyncIterator]: () => iterator });
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
