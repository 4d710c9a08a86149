// The streaming client and the failure memory: which failures are noted for the cooling, and what they explain.
//
// The streaming client against a fake `fetch` whose responses the test writes piece by piece: what exactly is sent,
// how each piece of the reply becomes events, what is noted and redacted, and (with fake timers standing in for the
// clock) how long the retry waits and what the stall timer counts.
import { describe, expect, test } from 'vitest';
import { chunk, collect, DONE, fakeFetch, jsonError, MODEL, never, request, sse } from '../../test/support/fakeFetch';
import { FailureMemory } from './failureMemory';
import { streamChatCompletion } from './streamChatCompletion';

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
