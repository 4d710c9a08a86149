// Cancellation of the streaming client against the fake CLIProxyAPI: every way a reply is stopped reaches the
// socket, and the caller's reason comes back as is.
import { describe, expect, test } from 'vitest';
import { collect, never, onlyError, until, useLiveProxy } from '../../test/support/liveProxy';
import { streamChatCompletion } from './streamChatCompletion';
import type { StreamEvent } from './types';

const live = useLiveProxy();

describe('cancellation', () => {
  test('aborting mid-stream throws the abort reason, yields no error, and closes the connection', async () => {
    live.proxy.enqueue({ kind: 'reply', chunkDelayMs: 100 });
    const controller = new AbortController();
    const seen: StreamEvent[] = [];
    const run = (async () => {
      for await (const event of streamChatCompletion(live.request(), controller.signal)) {
        seen.push(event);
        if (event.type === 'delta') controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.map((e) => e.type)).toEqual(['delta']);
    expect(await live.proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('aborting while waiting for the first byte reaches the socket', async () => {
    live.proxy.enqueue({ kind: 'slow-first-byte', delayMs: 20_000 });
    const controller = new AbortController();
    const first = streamChatCompletion(live.request(), controller.signal).next();
    await until(() => live.proxy.requests.length === 1);
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(await live.proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('the caller’s own reason is rethrown as is', async () => {
    live.proxy.enqueue({ kind: 'stall', afterChunks: 2 });
    const controller = new AbortController();
    const reason = new DOMException('user pressed stop', 'AbortError');
    const iterator = streamChatCompletion(live.request(), controller.signal);
    expect((await iterator.next()).value).toMatchObject({ type: 'delta' });
    controller.abort(reason);
    await expect(iterator.next()).rejects.toBe(reason);
  });

  test('aborting during the retry delay stops at once, without the retry', async () => {
    live.proxy.enqueue({ kind: 'flaky', status: 503 });
    const controller = new AbortController();
    const first = streamChatCompletion(live.request({ retryDelayMs: 60_000 }), controller.signal).next();
    await until(() => live.proxy.requests.length === 1);
    await live.proxy.whenResponseClosed(0);
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(live.proxy.requests).toHaveLength(1);
  });

  test('an already aborted signal throws before any request', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(streamChatCompletion(live.request(), controller.signal).next()).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(live.proxy.requests).toHaveLength(0);
  });

  test('a consumer that stops early closes the connection', async () => {
    live.proxy.enqueue({ kind: 'reply', chunkDelayMs: 200 });
    for await (const event of streamChatCompletion(live.request(), never())) {
      if (event.type === 'delta') break;
    }
    expect(await live.proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('a fetch that ignores the signal still times out and releases the connection', async () => {
    live.proxy.enqueue({ kind: 'stall', afterChunks: 2 });
    const deafFetch = (input: string, init: RequestInit) => fetch(input, { ...init, signal: null });
    const events = await collect(
      streamChatCompletion(live.request({ fetch: deafFetch, timeouts: { stallMs: 150 } }), never()),
    );
    expect(onlyError(events).kind).toBe('timeout');
    expect(await live.proxy.whenResponseClosed(0)).toBe('aborted');
  });
});
