import { forEachTarget, type ProxyTarget } from '@roundtable/testkit';
import { expect, test } from 'vitest';
import { FailureMemory } from '../../src/llm/failureMemory';
import { streamChatCompletion } from '../../src/llm/streamChatCompletion';
import type { ChatCompletionRequest, ChatError, StreamEvent } from '../../src/llm/types';

// What a user sees, through Roundtable's client, when the proxy does each thing it really does: asserted on the
// fake and on the real CLIProxyAPI alike, so the fake cannot drift from the truth unnoticed.

const never = () => new AbortController().signal;

async function run(target: ProxyTarget, model: string, overrides: Partial<ChatCompletionRequest> = {}) {
  const events: StreamEvent[] = [];
  const request: ChatCompletionRequest = {
    baseUrl: `${target.url}/v1`,
    accessKey: target.accessKey,
    model,
    messages: [{ role: 'user', content: 'hello' }],
    retryDelayMs: 10,
    ...overrides,
  };
  for await (const event of streamChatCompletion(request, never())) events.push(event);
  const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
  const last = events.at(-1);
  const error: ChatError | undefined = last?.type === 'error' ? last.error : undefined;
  return { events, text, error };
}

forEachTarget('the client on', (target) => {
  test('a reply arrives whole, with its usage', async () => {
    const model = target().models[8] ?? '';
    target().arrange(model, { kind: 'reply' });
    const { events, text } = await run(target(), model);
    expect(text).toBe('Hello from the upstream model.');
    expect(events.some((e) => e.type === 'usage')).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  test('an upstream 5xx: the retry meets the cooling pause, and the user reads the first error, never "log in"', async () => {
    const model = target().models[9] ?? '';
    const failures = new FailureMemory();
    target().arrange(model, {
      kind: 'upstreamError',
      status: 500,
      body: JSON.stringify({ error: { message: 'the provider is having a bad day', type: 'server_error' } }),
    });
    const first = await run(target(), model, { failures });
    expect(first.error).toMatchObject({ kind: 'http', status: 500 });
    expect(first.error?.message).toContain('the provider is having a bad day');
    expect(first.error?.message).toContain('for about a minute after a failure');
    expect(first.error?.message).not.toMatch(/log in/i);
    // The user tries again at once: the proxy still pauses the model, and says so in words that fit.
    const again = await run(target(), model, { failures });
    expect(again.error?.kind).toBe('rate-limit');
    expect(again.error?.message).toMatch(/is pausing .* for about a minute after its last failure/);
    expect(again.error?.message).not.toMatch(/log in/i);
  });

  test('a rate limit the proxy answers late is a rate limit, not a timeout, in the provider’s words once', async () => {
    const model = target().models[15] ?? '';
    const body = { error: { message: 'Rate limit reached. Please try again later.', type: 'rate_limit_error' } };
    target().arrange(model, { kind: 'rateLimited', body: JSON.stringify(body) });
    const { error } = await run(target(), model); // the default first-byte limit
    expect(error?.kind).toBe('rate-limit');
    expect(error?.message).toContain('Rate limit reached.');
    expect(error?.message.match(/try again later/gi)).toHaveLength(1);
  }, 60_000);

  test('an upstream 401 is a provider login problem, in the provider’s words', async () => {
    const model = target().models[10] ?? '';
    target().arrange(model, {
      kind: 'upstreamError',
      status: 401,
      body: JSON.stringify({ error: { message: 'your session expired', type: 'authentication_error' } }),
    });
    const { error } = await run(target(), model);
    expect(error?.kind).toBe('account');
    expect(error?.message).toContain('your session expired');
  });

  test('an error chunk mid-reply keeps the text so far and the provider’s words', async () => {
    const model = target().models[11] ?? '';
    target().arrange(model, { kind: 'errorChunk', message: 'the provider gave up halfway' });
    const { text, error } = await run(target(), model);
    expect(text.length).toBeGreaterThan(0);
    expect(error?.message).toContain('the provider gave up halfway');
  });

  test('a dropped provider connection reads as that, and keeps the partial text', async () => {
    const model = target().models[12] ?? '';
    target().arrange(model, { kind: 'drop' });
    const { text, error } = await run(target(), model);
    expect(text.length).toBeGreaterThan(0);
    expect(error?.kind).toBe('stream');
    expect(error?.message).toMatch(/^The provider's connection dropped in the middle of the reply/);
  });

  test('a provider that never starts ends in the first-byte timeout', async () => {
    const model = target().models[13] ?? '';
    target().arrange(model, { kind: 'silent' });
    const { error } = await run(target(), model, { timeouts: { firstByteMs: 800 } });
    expect(error?.kind).toBe('timeout');
  });
});

forEachTarget(
  'the client, with keep-alive comments on,',
  (target) => {
    test('a provider stall ends in the stall timeout, although comments keep coming', async () => {
      const model = target().models[14] ?? '';
      target().arrange(model, { kind: 'stall' });
      const { text, error } = await run(target(), model, { timeouts: { stallMs: 2_500 } });
      expect(text.length).toBeGreaterThan(0);
      expect(error?.kind).toBe('timeout');
      expect(error?.message).toContain('in the middle of the reply');
    });
  },
  { keepaliveSeconds: 1 },
);
