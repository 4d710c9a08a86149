// The streaming client against a fake `fetch` whose responses the test writes piece by piece: what exactly is sent,
// how each piece of the reply becomes events, what is noted and redacted, and (with fake timers standing in for the
// clock) how long the retry waits and what the stall timer counts.
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FailureMemory } from './failureMemory';
import { streamChatCompletion } from './streamChatCompletion';
import type { ChatCompletionRequest, StreamEvent } from './types';

const MODEL = 'claude-sonnet-4-6';
const BASE_URL = 'http://proxy.test/v1';
const SSE = { 'Content-Type': 'text/event-stream' };
const encoder = new TextEncoder();

const chunk = (content: string, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }], ...extra })}\n\n`;
const DONE = 'data: [DONE]\n\n';

/** A body the test writes into while the client reads it. */
function openBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    write: (piece: string) => controller?.enqueue(encoder.encode(piece)),
    end: () => controller?.close(),
  };
}

/** An event stream whose pieces arrive as separate network chunks. */
function sse(pieces: string[], headers: Record<string, string> = SSE): Response {
  const body = openBody();
  for (const piece of pieces) body.write(piece);
  body.end();
  return new Response(body.body, { status: 200, headers });
}

function jsonError(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: { message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Answer = Response | Error | (() => Promise<Response>);

/** A `fetch` that answers each request with the next answer, and records what was asked. */
function fakeFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    const answer = answers[calls.length - 1];
    if (answer === undefined) return Promise.reject(new Error(`unexpected request ${calls.length}`));
    if (answer instanceof Error) return Promise.reject(answer);
    return answer instanceof Response ? Promise.resolve(answer) : answer();
  };
  return { fetch, calls };
}

function request(fetch: ChatCompletionRequest['fetch'], overrides: Partial<ChatCompletionRequest> = {}) {
  return {
    baseUrl: BASE_URL,
    model: MODEL,
    messages: [{ role: 'user' as const, content: 'hi' }],
    retryDelayMs: 0,
    fetch,
    ...overrides,
  };
}

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const never = () => new AbortController().signal;

/** Lets every pending promise job and stream read run (setImmediate is never faked here). */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

afterEach(() => {
  vi.useRealTimers();
});

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

describe('failures noted for the cooling', () => {
  test('a provider’s error chunk mid-reply is noted as a failure of the model', async () => {
    const failures = new FailureMemory(() => 1_000);
    const { fetch } = fakeFetch(sse([chunk('a'), 'data: {"error":{"message":"overloaded"}}\n\n']));
    await collect(streamChatCompletion(request(fetch, { failures }), never()));
    expect(failures.sinceLast(MODEL)).toBe(0);
  });

  test('a dropped provider connection (“unexpected EOF”) is not noted as a failure', async () => {
    const failures = new FailureMemory(() => 1_000);
    const { fetch } = fakeFetch(sse([chunk('a'), 'data: {"error":{"message":"unexpected EOF"}}\n\n']));
    const events = await collect(streamChatCompletion(request(fetch, { failures }), never()));
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'stream' } });
    expect(failures.sinceLast(MODEL)).toBeUndefined();
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

describe('timeouts, on a fake clock', () => {
  test('no first byte in time aborts the request with a TimeoutError carrying the timeout’s message', async () => {
    useFakeClock();
    const { fetch, calls } = fakeFetch(() => new Promise<Response>(() => {}));
    const run = collect(streamChatCompletion(request(fetch, { timeouts: { firstByteMs: 250 } }), never()));
    await flush();
    await vi.advanceTimersByTimeAsync(250);
    const message = 'CLIProxyAPI sent nothing within 250 ms of the request; the request was stopped.';
    expect(await run).toEqual([{ type: 'error', error: { kind: 'timeout', message } }]);
    const reason = calls[0]?.init.signal?.reason;
    expect(reason).toBeInstanceOf(DOMException);
    expect(reason).toMatchObject({ name: 'TimeoutError', message });
  });

  test('the stall limit counts from the last data event: gaps that each fit pass, however many', async () => {
    useFakeClock();
    const body = openBody();
    const { fetch } = fakeFetch(new Response(body.body, { status: 200, headers: SSE }));
    const run = collect(streamChatCompletion(request(fetch, { timeouts: { stallMs: 100 } }), never()));
    for (const word of ['one ', 'two ', 'three ', 'four']) {
      await flush();
      body.write(chunk(word));
      await flush();
      await vi.advanceTimersByTimeAsync(60);
    }
    body.write(DONE);
    body.end();
    expect(await run).toEqual([
      { type: 'delta', text: 'one ' },
      { type: 'delta', text: 'two ' },
      { type: 'delta', text: 'three ' },
      { type: 'delta', text: 'four' },
      { type: 'finish', reason: null },
    ]);
  });

  test('a gap longer than the stall limit after data events ends the reply with the stall timeout', async () => {
    useFakeClock();
    const body = openBody();
    const { fetch } = fakeFetch(new Response(body.body, { status: 200, headers: SSE }));
    const run = collect(streamChatCompletion(request(fetch, { timeouts: { stallMs: 100 } }), never()));
    await flush();
    body.write(chunk('one'));
    await flush();
    await vi.advanceTimersByTimeAsync(100);
    expect(await run).toEqual([
      { type: 'delta', text: 'one' },
      {
        type: 'error',
        error: {
          kind: 'timeout',
          message: 'CLIProxyAPI sent nothing for 100 ms in the middle of the reply; the stream was stopped.',
        },
      },
    ]);
  });
});

describe('the retry, on a fake clock', () => {
  test('the retry after a 5xx waits retryDelayMs, no less', async () => {
    useFakeClock();
    const { fetch, calls } = fakeFetch(jsonError(500, 'boom'), sse([chunk('ok'), DONE]));
    const run = collect(streamChatCompletion(request(fetch, { retryDelayMs: 1_000 }), never()));
    await flush();
    await vi.advanceTimersByTimeAsync(999);
    await flush();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toEqual([
      { type: 'delta', text: 'ok' },
      { type: 'finish', reason: null },
    ]);
    expect(calls).toHaveLength(2);
  });

  test('without retryDelayMs the retry waits 500 ms', async () => {
    useFakeClock();
    const { fetch, calls } = fakeFetch(jsonError(502, 'bad gateway'), sse([DONE]));
    const { retryDelayMs: _, ...withoutDelay } = request(fetch);
    const run = collect(streamChatCompletion(withoutDelay, never()));
    await flush();
    await vi.advanceTimersByTimeAsync(499);
    await flush();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toEqual([{ type: 'finish', reason: null }]);
    expect(calls).toHaveLength(2);
  });

  test('aborting during the retry delay rethrows the caller’s reason and sends no second request', async () => {
    useFakeClock();
    const { fetch, calls } = fakeFetch(jsonError(500, 'boom'), sse([DONE]));
    const controller = new AbortController();
    const first = streamChatCompletion(request(fetch, { retryDelayMs: 60_000 }), controller.signal).next();
    await flush();
    expect(calls).toHaveLength(1);
    const reason = new DOMException('user pressed stop', 'AbortError');
    controller.abort(reason);
    await expect(first).rejects.toBe(reason);
    expect(calls).toHaveLength(1);
  });
});

describe('an earlier failure explains only the cooling 503', () => {
  test('a 400 soon after a failure of the model is reported as the 400 it is', async () => {
    const failures = new FailureMemory(() => 5_000);
    failures.note(MODEL);
    const { fetch, calls } = fakeFetch(jsonError(400, 'messages must not be empty'));
    expect(await collect(streamChatCompletion(request(fetch, { failures }), never()))).toEqual([
      {
        type: 'error',
        error: {
          kind: 'http',
          status: 400,
          message: 'CLIProxyAPI rejected the request with HTTP 400: messages must not be empty.',
        },
      },
    ]);
    expect(calls).toHaveLength(1);
  });

  test('a plain 500 soon after a failure of the model is still retried', async () => {
    const failures = new FailureMemory(() => 5_000);
    failures.note(MODEL);
    const { fetch, calls } = fakeFetch(jsonError(500, 'boom'), sse([chunk('ok'), DONE]));
    expect(await collect(streamChatCompletion(request(fetch, { failures }), never()))).toEqual([
      { type: 'delta', text: 'ok' },
      { type: 'finish', reason: null },
    ]);
    expect(calls).toHaveLength(2);
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
