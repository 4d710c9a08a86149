// The streaming client on a fake clock: the first-byte and stall timeouts, and the wait before the retry.
//
// The streaming client against a fake `fetch` whose responses the test writes piece by piece: what exactly is sent,
// how each piece of the reply becomes events, what is noted and redacted, and (with fake timers standing in for the
// clock) how long the retry waits and what the stall timer counts.
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  chunk,
  collect,
  DONE,
  fakeFetch,
  flush,
  jsonError,
  never,
  openBody,
  request,
  SSE,
  sse,
  useFakeClock,
} from '../../test/support/fakeFetch';
import { streamChatCompletion } from './streamChatCompletion';

afterEach(() => {
  vi.useRealTimers();
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
    const { fetch, calls } = fakeFetch(jsonError(502, 'bad gateway'), sse([chunk('ok'), DONE]));
    const { retryDelayMs: _, ...withoutDelay } = request(fetch);
    const run = collect(streamChatCompletion(withoutDelay, never()));
    await flush();
    await vi.advanceTimersByTimeAsync(499);
    await flush();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toEqual([
      { type: 'delta', text: 'ok' },
      { type: 'finish', reason: null },
    ]);
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
