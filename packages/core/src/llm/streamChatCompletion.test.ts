// Live behaviour of the streaming client against the fake CLIProxyAPI: the request it sends, timeouts, the single
// retry and network failures (cancellation is in its own file). Body parsing cases are replayed from fixtures.
import { buildEchoReply, fakeErrors, freePort, startFakeProxy } from '@roundtable/testkit';
import { describe, expect, test } from 'vitest';
import { collect, messages, never, onlyError, text, useLiveProxy } from '../../test/support/liveProxy';
import { FailureMemory } from './failureMemory';
import { streamChatCompletion } from './streamChatCompletion';
import type { StreamEvent } from './types';

const live = useLiveProxy();

describe('the request', () => {
  test('posts {model, messages, stream: true, usage asked} to {baseUrl}/chat/completions with the access key as a bearer', async () => {
    const events = await collect(
      streamChatCompletion(live.request({ baseUrl: `${live.proxy.url}/v1/`, accessKey: 'local-key' }), never()),
    );
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    const [sent] = live.proxy.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.body).toEqual({
      model: 'claude-sonnet-4-6',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(sent?.headers.authorization).toBe('Bearer local-key');
    expect(sent?.headers.accept).toBe('text/event-stream');
    expect(sent?.headers['content-type']).toBe('application/json');
  });

  test('sends no Authorization header without an access key', async () => {
    await collect(streamChatCompletion(live.request(), never()));
    expect(live.proxy.requests[0]?.headers.authorization).toBeUndefined();
  });

  test.each(['claude-sonnet-4-6', 'gpt-5.5', 'gemini-3-flash'])('streams the whole reply of %s', async (model) => {
    const events = await collect(streamChatCompletion(live.request({ model }), never()));
    expect(text(events)).toBe(buildEchoReply(model, messages));
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThanOrEqual(3);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['usage', 'finish']);
    const usage = events.at(-2);
    expect(usage?.type === 'usage' && usage.usage.outputTokens).toBeGreaterThan(0);
  });

  test('multi-byte characters split between TCP writes come out whole', async () => {
    live.proxy.enqueue({ kind: 'reply', text: 'Grüße 👋 日本語 café', splitUtf8: true });
    const events = await collect(streamChatCompletion(live.request(), never()));
    expect(text(events)).toBe('Grüße 👋 日本語 café');
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  test('a key the proxy does not know gives proxy-auth, and the message never contains the key', async () => {
    const guarded = await startFakeProxy({ accessKeys: ['the-right-key'] });
    try {
      const events = await collect(
        streamChatCompletion(live.request({ baseUrl: `${guarded.url}/v1`, accessKey: 'a-wrong-key-42' }), never()),
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
    live.proxy.enqueue({ kind: 'slow-first-byte', delayMs: 20_000, headersFirst: true });
    const events = await collect(streamChatCompletion(live.request({ timeouts: { firstByteMs: 150 } }), never()));
    const error = onlyError(events);
    expect(events).toHaveLength(1);
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('150 ms');
    expect(await live.proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('no headers at all within the first-byte limit', async () => {
    live.proxy.enqueue({ kind: 'slow-first-byte', delayMs: 20_000, headersFirst: false });
    const events = await collect(streamChatCompletion(live.request({ timeouts: { firstByteMs: 150 } }), never()));
    expect(onlyError(events).kind).toBe('timeout');
    expect(await live.proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('a stall after some chunks ends with a timeout naming the limit, keeping the text so far', async () => {
    live.proxy.enqueue({ kind: 'stall', afterChunks: 3 });
    const events = await collect(streamChatCompletion(live.request({ timeouts: { stallMs: 150 } }), never()));
    const error = onlyError(events);
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('150 ms');
    // Claude style: chunk 1 is role-only, so three chunks carry two pieces of text.
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(2);
    expect(await live.proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('keep-alive comments do not count as progress: a stall filled with them still times out', async () => {
    // The proxy sends comments during a provider's stall forever; counting them would mean a spinner forever.
    live.proxy.enqueue({ kind: 'stall', afterChunks: 2, keepAliveMs: 20 });
    const events = await collect(streamChatCompletion(live.request({ timeouts: { stallMs: 150 } }), never()));
    expect(onlyError(events).kind).toBe('timeout');
    expect(text(events).length).toBeGreaterThan(0);
  });

  test('gaps shorter than the stall limit pass, with or without comments in them', async () => {
    live.proxy.enqueue({ kind: 'reply', text: 'Kept alive.', chunkDelayMs: 60, keepAliveMs: 20 });
    const events = await collect(streamChatCompletion(live.request({ timeouts: { stallMs: 300 } }), never()));
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(text(events)).toBe('Kept alive.');
  });

  test('time the consumer spends between events does not count as a stall', async () => {
    live.proxy.enqueue({ kind: 'reply', text: 'one two three' });
    const events: StreamEvent[] = [];
    for await (const event of streamChatCompletion(live.request({ timeouts: { stallMs: 100 } }), never())) {
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
      const events = await collect(streamChatCompletion(live.request({ baseUrl: `${lenient.url}/v1` }), never()));
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
      expect(lenient.requests).toHaveLength(2);
      expect(lenient.requests[1]?.body).toEqual(lenient.requests[0]?.body);
    } finally {
      await lenient.close();
    }
  });

  test('a retry that meets the proxy’s cooling 503 reports the first error, with the pause explained', async () => {
    live.proxy.enqueue(fakeErrors.serverError(500));
    const events = await collect(streamChatCompletion(live.request(), never()));
    const error = onlyError(events);
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error.message).toContain('Post "https://auth.openai.com/oauth/token": EOF');
    expect(error.message).toContain('pauses claude-sonnet-4-6 for about a minute after a failure');
    expect(error.message).not.toMatch(/log in/i);
    expect(live.proxy.requests).toHaveLength(2);
  });

  test('only once: when the retry fails too, the user reads the first error', async () => {
    const lenient = await startFakeProxy({ coolingMs: 0 });
    try {
      lenient.enqueue(fakeErrors.serverError(500));
      lenient.enqueue({ ...fakeErrors.serverError(502), body: { error: { message: 'second failure' } } });
      const events = await collect(streamChatCompletion(live.request({ baseUrl: `${lenient.url}/v1` }), never()));
      expect(onlyError(events)).toMatchObject({ kind: 'http', status: 500 });
      expect(lenient.requests).toHaveLength(2);
    } finally {
      await lenient.close();
    }
  });

  test('a cooling 503 on a later request, soon after a failure, is the pause, never "log in"', async () => {
    const failures = new FailureMemory();
    live.proxy.enqueue(fakeErrors.serverError(500));
    await collect(streamChatCompletion(live.request({ failures }), never()));
    const later = onlyError(await collect(streamChatCompletion(live.request({ failures }), never())));
    expect(later.kind).toBe('rate-limit');
    expect(later.message).toMatch(
      /^CLIProxyAPI is pausing claude-sonnet-4-6 for about a minute after its last failure/,
    );
    expect(later.message).not.toMatch(/log in/i);
    // Without a failure to explain it, the same 503 still says what it usually means.
    live.proxy.enqueue(fakeErrors.authUnavailable('gpt-5.5'));
    const fresh = onlyError(
      await collect(streamChatCompletion(live.request({ model: 'gpt-5.5', failures: new FailureMemory() }), never())),
    );
    expect(fresh.kind).toBe('account');
  });

  test.each([
    { name: '429 model_cooldown', scenario: fakeErrors.modelCooldown('claude-sonnet-4-6', 30), kind: 'rate-limit' },
    { name: '400 model_not_found', scenario: fakeErrors.modelNotFound('gpt-9'), kind: 'http' },
    { name: '401 upstream auth', scenario: fakeErrors.upstreamAuth(), kind: 'account' },
  ])('$name is never retried', async ({ scenario, kind }) => {
    live.proxy.enqueue(scenario);
    const events = await collect(streamChatCompletion(live.request(), never()));
    expect(onlyError(events).kind).toBe(kind);
    expect(live.proxy.requests).toHaveLength(1);
  });

  test('an error after the stream started is not retried', async () => {
    live.proxy.enqueue({ kind: 'no-done' });
    const events = await collect(streamChatCompletion(live.request(), never()));
    expect(onlyError(events).kind).toBe('stream');
    expect(live.proxy.requests).toHaveLength(1);
  });
});

describe('network', () => {
  test('a proxy that is not running gives a network error naming the URL', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const events = await collect(streamChatCompletion(live.request({ baseUrl }), never()));
    const error = onlyError(events);
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`Cannot reach CLIProxyAPI at ${baseUrl}`);
    expect(error.message).toContain('ECONNREFUSED');
  });
});
