// What the client asks of every server beside the prompt: the reply's token counts (`stream_options.include_usage`),
// asked again without the field where a server refuses it, and the seat's length limit (`max_tokens`).
import { describe, expect, test } from 'vitest';
import { collect, never, onlyError, useLiveProxy } from '../../test/support/liveProxy';
import { streamChatCompletion } from './streamChatCompletion';
import { UsageAsk } from './usageAsk';

const live = useLiveProxy();

const refusal = {
  error: {
    message: 'Unrecognized request argument supplied: stream_options',
    type: 'invalid_request_error',
  },
};

describe('usage', () => {
  test('a server that refuses the field is asked again without it, once, and never asked with it again', async () => {
    const usage = new UsageAsk();
    live.proxy.enqueue({ kind: 'error', status: 400, body: refusal });
    const first = await collect(streamChatCompletion(live.request({ usage }), never()));
    expect(first.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    await collect(streamChatCompletion(live.request({ usage }), never()));
    const asked = live.proxy.requests.map((r) => (r.body as { stream_options?: unknown }).stream_options);
    expect(asked).toEqual([{ include_usage: true }, undefined, undefined]);
  });

  test('without a memory the refusal is still asked again once, and a second refusal is shown', async () => {
    live.proxy.enqueue({ kind: 'error', status: 400, body: refusal });
    live.proxy.enqueue({ kind: 'error', status: 400, body: refusal });
    const error = onlyError(await collect(streamChatCompletion(live.request(), never())));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error.message).toContain('stream_options');
    expect(live.proxy.requests).toHaveLength(2);
  });

  test('another 400 is shown at once, with the server’s words, and usage is still asked next time', async () => {
    const usage = new UsageAsk();
    const body = { error: { message: "Expected 'messages' to be an array", type: 'invalid_request_error' } };
    live.proxy.enqueue({ kind: 'error', status: 400, body });
    const error = onlyError(await collect(streamChatCompletion(live.request({ usage }), never())));
    expect(error.message).toContain("Expected 'messages' to be an array");
    expect(live.proxy.requests).toHaveLength(1);
    expect(usage.asks).toBe(true);
  });
});

describe('the seat’s length limit', () => {
  test('is sent as max_tokens; without one the server’s default holds', async () => {
    await collect(streamChatCompletion(live.request({ maxTokens: 256 }), never()));
    await collect(streamChatCompletion(live.request(), never()));
    const sent = live.proxy.requests.map((r) => (r.body as { max_tokens?: unknown }).max_tokens);
    expect(sent).toEqual([256, undefined]);
  });
});
