import { describe, expect, test } from 'vitest';
import {
  type Chunk,
  readDataFrames,
  say,
  silentFor,
  streamed,
  textOf,
  useFakeProxy,
} from '../test/support/scenarioRequests';
import { buildEchoReply } from './echoReply';
import { jsonChunks, readFrames } from './readFrames';

const fakeProxy = useFakeProxy();

describe('markers', () => {
  test.each([
    { marker: 'missing-access-key', status: 401, body: { error: 'Missing API key' } },
    { marker: 'wrong-access-key', status: 401, body: { error: 'Invalid API key' } },
    { marker: 'example-access-keys', status: 403, body: { error: 'unsafe_example_api_key' } },
    { marker: 'openai-error', status: 400, body: { error: { type: 'invalid_request_error' } } },
    { marker: 'anthropic-rate-limit', status: 429, body: { type: 'error', error: { type: 'rate_limit_error' } } },
    { marker: 'google-resource-exhausted', status: 429, body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } } },
    {
      marker: 'model-cooldown:120',
      status: 429,
      body: { error: { code: 'model_cooldown', reset_seconds: 120, reset_time: '2m0s', provider: 'claude' } },
      retryAfter: null,
    },
    {
      marker: 'auth-unavailable',
      status: 503,
      body: { error: { message: 'auth_unavailable: no auth available (providers=claude, model=claude-sonnet-4-6)' } },
    },
    {
      marker: 'usage-limit-reached:60',
      status: 429,
      body: { error: { type: 'usage_limit_reached', resets_in_seconds: 60 } },
    },
    {
      marker: 'upstream-auth',
      status: 401,
      body: { error: { type: 'authentication_error', code: 'invalid_api_key' } },
    },
    { marker: 'model-not-found', status: 400, body: { error: { code: 'model_not_found' } } },
    { marker: 'server-error:502', status: 502, body: { error: { type: 'server_error' } } },
  ])('[[fake:$marker]] → $status', async ({ marker, status, body, retryAfter }) => {
    const res = await say(`please fail [[fake:${marker}]]`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject(body);
    expect(res.headers.get('retry-after')).toBe(retryAfter ?? null);
  });

  test('[[fake:not-found]] is a 404 with no body and no Content-Type', async () => {
    const res = await say('[[fake:not-found]]');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });

  test('[[fake:flaky]] fails once, and the retry meets the cooling 503, as the real proxy does', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await say('hello [[fake:flaky:500]]');
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual([500, 503]);
  });

  test('[[fake:stall:2]] sends two chunks, then nothing', async () => {
    const res = await say('[[fake:stall:2]]');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const text = await readDataFrames(reader, 2);
    expect(readFrames(text).data).toHaveLength(2);
    expect(await silentFor(reader, 300)).toBe(true);
    await reader.cancel();
  });

  test('[[fake:slow-first-byte:20000]] sends nothing at all, not even the status line', async () => {
    const controller = new AbortController();
    const response = fetch(`${fakeProxy().url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({
        model: 'claude-sonnet-4-6',
        stream: true,
        messages: [{ role: 'user', content: '[[fake:slow-first-byte:20000]]' }],
      }),
      signal: controller.signal,
    });
    const headersArrived = await Promise.race([
      response.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 300)),
    ]);
    controller.abort();
    await response.catch(() => undefined);
    expect(headersArrived).toBe(false);
  });

  test('[[fake:mid-stream-error]] ends with one error frame and no [DONE]', async () => {
    const { frames } = await streamed('[[fake:mid-stream-error:3]]');
    expect(frames.data).toHaveLength(4);
    expect(JSON.parse(frames.data[3] ?? '')).toEqual({ error: { message: 'Overloaded', type: 'overloaded_error' } });
  });

  test('[[fake:no-done]] sends the whole reply, finish chunk included, but no [DONE]', async () => {
    const { frames, chunks } = await streamed('[[fake:no-done]]');
    expect(frames.data).not.toContain('[DONE]');
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  test('[[fake:keep-alive]] puts comment frames between chunks without changing the text', async () => {
    const content = 'hi [[fake:keep-alive]]';
    const { frames, chunks } = await streamed(content);
    expect(frames.comments).toBeGreaterThanOrEqual(chunks.length - 1);
    expect(textOf(chunks)).toBe(
      buildEchoReply('claude-sonnet-4-6', [
        { role: 'system', content: 'sys' },
        { role: 'user', content },
      ]),
    );
    expect(frames.data.at(-1)).toBe('[DONE]');
  });

  test('[[fake:usage-only-chunk]] moves usage into a trailing choices: [] chunk', async () => {
    const { chunks } = await streamed('[[fake:usage-only-chunk]]', 'gemini-3-flash');
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({ prompt_tokens: expect.any(Number) });
    expect(chunks.slice(0, -1).every((c) => c.usage === undefined)).toBe(true);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
  });

  test('[[fake:split-utf8]] cuts multi-byte characters between TCP writes', async () => {
    const res = await say('[[fake:split-utf8]]');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const reads: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads.push(value);
    }
    const strict = new TextDecoder('utf-8', { fatal: true });
    const brokenAlone = reads.filter((bytes) => {
      try {
        strict.decode(bytes);
        return false;
      } catch {
        return true;
      }
    });
    expect(brokenAlone.length).toBeGreaterThan(0);
    const whole = strict.decode(Buffer.concat(reads));
    expect(textOf(jsonChunks(readFrames(whole)) as Chunk[])).toContain('日本語 👋');
  });

  test.each([
    ['gemini-3-flash', 'max_tokens'],
    ['claude-sonnet-4-6', 'length'],
  ])('[[fake:max-tokens]] on %s finishes with %s', async (model, reason) => {
    const { chunks } = await streamed('[[fake:max-tokens]]', model);
    expect(chunks.map((c) => c.choices[0]?.finish_reason).filter(Boolean)).toEqual([reason]);
  });

  test('an unknown marker is a 400 naming it', async () => {
    const res = await say('[[fake:no-such-thing]]');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('no-such-thing');
  });

  test('only the last user message counts', async () => {
    const res = await fetch(`${fakeProxy().url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({
        model: 'gpt-5.5',
        messages: [
          { role: 'system', content: '[[fake:server-error]]' },
          { role: 'user', content: 'earlier [[fake:server-error]]' },
          { role: 'user', content: 'latest' },
          { role: 'assistant', content: '[[fake:server-error]]' },
        ],
      }),
    });
    expect(res.status).toBe(200);
  });

  test('non-streaming requests honour error markers too', async () => {
    const res = await say('[[fake:model-cooldown]]', 'claude-sonnet-4-6', false);
    expect(res.status).toBe(429);
  });
});
