// Live behaviour of the streaming client against the fake CLIProxyAPI: the request it sends, timeouts, the single
// retry, network failures and cancellation. Body parsing cases are replayed from fixtures in the sibling test.
import { createServer } from 'node:net';
import { buildEchoReply, type FakeProxy, fakeErrors, startFakeProxy } from '@roundtable/testkit';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FailureMemory } from './failureMemory';
import { streamChatCompletion } from './streamChatCompletion';
import type { ChatCompletionRequest, ChatMessage, StreamEvent } from './types';

let proxy: FakeProxy;

beforeEach(async () => {
  proxy = await startFakeProxy();
});
afterEach(() => proxy.close());

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are in a roundtable.' },
  { role: 'user', content: '[User]: What is 2 + 2?' },
];

function request(overrides: Partial<ChatCompletionRequest> = {}): ChatCompletionRequest {
  return { baseUrl: `${proxy.url}/v1`, model: 'claude-sonnet-4-6', messages, retryDelayMs: 10, ...overrides };
}

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

function text(events: StreamEvent[]): string {
  return events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
}

function onlyError(events: StreamEvent[]) {
  const last = events.at(-1);
  if (last?.type !== 'error') throw new Error(`expected an error last, got ${JSON.stringify(events)}`);
  expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
  return last.error;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const never = () => new AbortController().signal;

describe('the request', () => {
  test('posts {model, messages, stream: true} to {baseUrl}/chat/completions with the access key as a bearer', async () => {
    const events = await collect(
      streamChatCompletion(request({ baseUrl: `${proxy.url}/v1/`, accessKey: 'local-key' }), never()),
    );
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    const [sent] = proxy.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.body).toEqual({ model: 'claude-sonnet-4-6', messages, stream: true });
    expect(sent?.headers.authorization).toBe('Bearer local-key');
    expect(sent?.headers.accept).toBe('text/event-stream');
    expect(sent?.headers['content-type']).toBe('application/json');
  });

  test('sends no Authorization header without an access key', async () => {
    await collect(streamChatCompletion(request(), never()));
    expect(proxy.requests[0]?.headers.authorization).toBeUndefined();
  });

  test.each(['claude-sonnet-4-6', 'gpt-5.5', 'gemini-3-flash'])('streams the whole reply of %s', async (model) => {
    const events = await collect(streamChatCompletion(request({ model }), never()));
    expect(text(events)).toBe(buildEchoReply(model, messages));
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThanOrEqual(3);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['usage', 'finish']);
    const usage = events.at(-2);
    expect(usage?.type === 'usage' && usage.usage.outputTokens).toBeGreaterThan(0);
  });

  test('multi-byte characters split between TCP writes come out whole', async () => {
    proxy.enqueue({ kind: 'reply', text: 'Grüße 👋 日本語 café', splitUtf8: true });
    const events = await collect(streamChatCompletion(request(), never()));
    expect(text(events)).toBe('Grüße 👋 日本語 café');
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  test('a key the proxy does not know gives proxy-auth, and the message never contains the key', async () => {
    const guarded = await startFakeProxy({ accessKeys: ['the-right-key'] });
    try {
      const events = await collect(
        streamChatCompletion(request({ baseUrl: `${guarded.url}/v1`, accessKey: 'a-wrong-key-42' }), never()),
      );
      const error = onlyError(events);
      expect(error).toMatchObject({ kind: 'proxy-auth', status: 401 });
      expect(error.message).toContain('Invalid API key');
      expect(error.message).not.toContain('a-wrong-key-42');
    } finally {
      await guarded.close();
    }
  });
});

describe('timeouts', () => {
  test('headers then silence is still "no first byte"', async () => {
    proxy.enqueue({ kind: 'slow-first-byte', delayMs: 20_000, headersFirst: true });
    const events = await collect(streamChatCompletion(request({ timeouts: { firstByteMs: 150 } }), never()));
    const error = onlyError(events);
    expect(events).toHaveLength(1);
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('150 ms');
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('no headers at all within the first-byte limit', async () => {
    proxy.enqueue({ kind: 'slow-first-byte', delayMs: 20_000, headersFirst: false });
    const events = await collect(streamChatCompletion(request({ timeouts: { firstByteMs: 150 } }), never()));
    expect(onlyError(events).kind).toBe('timeout');
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('a stall after some chunks ends with a timeout naming the limit, keeping the text so far', async () => {
    proxy.enqueue({ kind: 'stall', afterChunks: 3 });
    const events = await collect(streamChatCompletion(request({ timeouts: { stallMs: 150 } }), never()));
    const error = onlyError(events);
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('150 ms');
    // Claude style: chunk 1 is role-only, so three chunks carry two pieces of text.
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(2);
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('keep-alive comments do not count as progress: a stall filled with them still times out', async () => {
    // The proxy sends comments during a provider's stall forever; counting them would mean a spinner forever.
    proxy.enqueue({ kind: 'stall', afterChunks: 2, keepAliveMs: 20 });
    const events = await collect(streamChatCompletion(request({ timeouts: { stallMs: 150 } }), never()));
    expect(onlyError(events).kind).toBe('timeout');
    expect(text(events).length).toBeGreaterThan(0);
  });

  test('gaps shorter than the stall limit pass, with or without comments in them', async () => {
    proxy.enqueue({ kind: 'reply', text: 'Kept alive.', chunkDelayMs: 60, keepAliveMs: 20 });
    const events = await collect(streamChatCompletion(request({ timeouts: { stallMs: 300 } }), never()));
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(text(events)).toBe('Kept alive.');
  });

  test('time the consumer spends between events does not count as a stall', async () => {
    proxy.enqueue({ kind: 'reply', text: 'one two three' });
    const events: StreamEvent[] = [];
    for await (const event of streamChatCompletion(request({ timeouts: { stallMs: 100 } }), never())) {
      events.push(event);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });
});

describe('retry', () => {
  test('a 5xx before the stream is retried once, with the same request; with cooling off it can succeed', async () => {
    const lenient = await startFakeProxy({ coolingMs: 0 });
    try {
      lenient.enqueue({ kind: 'flaky', status: 503 });
      const events = await collect(streamChatCompletion(request({ baseUrl: `${lenient.url}/v1` }), never()));
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
      expect(lenient.requests).toHaveLength(2);
      expect(lenient.requests[1]?.body).toEqual(lenient.requests[0]?.body);
    } finally {
      await lenient.close();
    }
  });

  test('a retry that meets the proxy’s cooling 503 reports the first error, with the pause explained', async () => {
    proxy.enqueue(fakeErrors.serverError(500));
    const events = await collect(streamChatCompletion(request(), never()));
    const error = onlyError(events);
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error.message).toContain('Post "https://auth.openai.com/oauth/token": EOF');
    expect(error.message).toContain('pauses claude-sonnet-4-6 for about a minute after a failure');
    expect(error.message).not.toMatch(/log in/i);
    expect(proxy.requests).toHaveLength(2);
  });

  test('only once: when the retry fails too, the user reads the first error', async () => {
    const lenient = await startFakeProxy({ coolingMs: 0 });
    try {
      lenient.enqueue(fakeErrors.serverError(500));
      lenient.enqueue({ ...fakeErrors.serverError(502), body: { error: { message: 'second failure' } } });
      const events = await collect(streamChatCompletion(request({ baseUrl: `${lenient.url}/v1` }), never()));
      expect(onlyError(events)).toMatchObject({ kind: 'http', status: 500 });
      expect(lenient.requests).toHaveLength(2);
    } finally {
      await lenient.close();
    }
  });

  test('a cooling 503 on a later request, soon after a failure, is the pause, never "log in"', async () => {
    const failures = new FailureMemory();
    proxy.enqueue(fakeErrors.serverError(500));
    await collect(streamChatCompletion(request({ failures }), never()));
    const later = onlyError(await collect(streamChatCompletion(request({ failures }), never())));
    expect(later.kind).toBe('rate-limit');
    expect(later.message).toMatch(
      /^CLIProxyAPI is pausing claude-sonnet-4-6 for about a minute after its last failure/,
    );
    expect(later.message).not.toMatch(/log in/i);
    // Without a failure to explain it, the same 503 still says what it usually means.
    proxy.enqueue(fakeErrors.authUnavailable('gpt-5.5'));
    const fresh = onlyError(
      await collect(streamChatCompletion(request({ model: 'gpt-5.5', failures: new FailureMemory() }), never())),
    );
    expect(fresh.kind).toBe('account');
  });

  test.each([
    { name: '429 model_cooldown', scenario: fakeErrors.modelCooldown('claude-sonnet-4-6', 30), kind: 'rate-limit' },
    { name: '400 model_not_found', scenario: fakeErrors.modelNotFound('gpt-9'), kind: 'http' },
    { name: '401 upstream auth', scenario: fakeErrors.upstreamAuth(), kind: 'account' },
  ])('$name is never retried', async ({ scenario, kind }) => {
    proxy.enqueue(scenario);
    const events = await collect(streamChatCompletion(request(), never()));
    expect(onlyError(events).kind).toBe(kind);
    expect(proxy.requests).toHaveLength(1);
  });

  test('an error after the stream started is not retried', async () => {
    proxy.enqueue({ kind: 'no-done' });
    const events = await collect(streamChatCompletion(request(), never()));
    expect(onlyError(events).kind).toBe('stream');
    expect(proxy.requests).toHaveLength(1);
  });
});

describe('network', () => {
  test('a proxy that is not running gives a network error naming the URL', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const events = await collect(streamChatCompletion(request({ baseUrl }), never()));
    const error = onlyError(events);
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`Cannot reach CLIProxyAPI at ${baseUrl}`);
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('cancellation', () => {
  test('aborting mid-stream throws the abort reason, yields no error, and closes the connection', async () => {
    proxy.enqueue({ kind: 'reply', chunkDelayMs: 100 });
    const controller = new AbortController();
    const seen: StreamEvent[] = [];
    const run = (async () => {
      for await (const event of streamChatCompletion(request(), controller.signal)) {
        seen.push(event);
        if (event.type === 'delta') controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.map((e) => e.type)).toEqual(['delta']);
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('aborting while waiting for the first byte reaches the socket', async () => {
    proxy.enqueue({ kind: 'slow-first-byte', delayMs: 20_000 });
    const controller = new AbortController();
    const first = streamChatCompletion(request(), controller.signal).next();
    await until(() => proxy.requests.length === 1);
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('the caller’s own reason is rethrown as is', async () => {
    proxy.enqueue({ kind: 'stall', afterChunks: 2 });
    const controller = new AbortController();
    const reason = new DOMException('user pressed stop', 'AbortError');
    const iterator = streamChatCompletion(request(), controller.signal);
    expect((await iterator.next()).value).toMatchObject({ type: 'delta' });
    controller.abort(reason);
    await expect(iterator.next()).rejects.toBe(reason);
  });

  test('aborting during the retry delay stops at once, without the retry', async () => {
    proxy.enqueue({ kind: 'flaky', status: 503 });
    const controller = new AbortController();
    const first = streamChatCompletion(request({ retryDelayMs: 60_000 }), controller.signal).next();
    await until(() => proxy.requests.length === 1);
    await proxy.whenResponseClosed(0);
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(proxy.requests).toHaveLength(1);
  });

  test('an already aborted signal throws before any request', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(streamChatCompletion(request(), controller.signal).next()).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(proxy.requests).toHaveLength(0);
  });

  test('a consumer that stops early closes the connection', async () => {
    proxy.enqueue({ kind: 'reply', chunkDelayMs: 200 });
    for await (const event of streamChatCompletion(request(), never())) {
      if (event.type === 'delta') break;
    }
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('a fetch that ignores the signal still times out and releases the connection', async () => {
    proxy.enqueue({ kind: 'stall', afterChunks: 2 });
    const deafFetch = (input: string, init: RequestInit) => fetch(input, { ...init, signal: null });
    const events = await collect(
      streamChatCompletion(request({ fetch: deafFetch, timeouts: { stallMs: 150 } }), never()),
    );
    expect(onlyError(events).kind).toBe('timeout');
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });
});

/** A loopback port with nothing listening: bind one, then release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
