import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildEchoReply } from './echoReply';
import { type FakeProxy, startFakeProxy } from './fakeProxy';
import { jsonChunks, readFrames } from './readFrames';

let proxy: FakeProxy;

beforeEach(async () => {
  proxy = await startFakeProxy({ chunkDelayMs: 2 });
});
afterEach(() => proxy.close());

type Chunk = Record<string, unknown> & {
  choices: { delta: Record<string, unknown>; finish_reason: string | null; [key: string]: unknown }[];
  usage?: Record<string, unknown>;
};

const say = (content: string, model = 'claude-sonnet-4-6', stream = true) =>
  fetch(`${proxy.url}/v1/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({
      model,
      stream,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content },
      ],
    }),
  });

async function streamed(content: string, model = 'claude-sonnet-4-6') {
  const res = await say(content, model);
  const frames = readFrames(await res.text());
  return { res, frames, chunks: jsonChunks(frames) as Chunk[] };
}

const textOf = (chunks: Chunk[]) => chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');

/** True when nothing more arrives on `reader` within `ms` (the fake is silent for far longer). */
async function silentFor(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
  const timer = new Promise<'silent'>((resolve) => setTimeout(() => resolve('silent'), ms));
  return (await Promise.race([reader.read(), timer])) === 'silent';
}

/** Reads until `count` data frames have arrived; returns the text so far. */
async function readDataFrames(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (readFrames(text).data.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe('chunk styles', () => {
  const messages = [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'Hello there, all of you' },
  ];

  test('claude: role-only first chunk, content-only deltas, final chunk with finish_reason and usage', async () => {
    const { chunks } = await streamed('Hello there, all of you', 'claude-sonnet-4-6');
    const [first, ...rest] = chunks;
    const last = rest.pop();
    expect(first?.choices[0]).toEqual({ index: 0, delta: { role: 'assistant' }, finish_reason: null });
    expect(rest.length).toBeGreaterThanOrEqual(3);
    for (const c of rest) {
      expect(Object.keys(c.choices[0]?.delta ?? {})).toEqual(['content']);
      expect(c.usage).toBeUndefined();
    }
    expect(last?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });
    expect(last?.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
      prompt_tokens_details: { cached_tokens: 0, cached_creation_tokens: 0 },
    });
    expect(String(first?.id)).toMatch(/^msg_/);
    expect(textOf(chunks)).toBe(buildEchoReply('claude-sonnet-4-6', messages));
  });

  test('codex: native_finish_reason on every chunk, explicit null deltas, reasoning, usage with reasoning_tokens', async () => {
    const { chunks } = await streamed('Hello there, all of you', 'gpt-5.5');
    for (const c of chunks) {
      const choice = c.choices[0];
      expect(choice && 'native_finish_reason' in choice).toBe(true);
      expect(Object.keys(choice?.delta ?? {}).sort()).toEqual(['content', 'reasoning_content', 'role', 'tool_calls']);
    }
    expect(chunks.some((c) => typeof c.choices[0]?.delta.reasoning_content === 'string')).toBe(true);
    const last = chunks.at(-1);
    expect(last?.choices[0]).toMatchObject({ finish_reason: 'stop', native_finish_reason: 'stop' });
    expect(last?.usage).toMatchObject({ completion_tokens_details: { reasoning_tokens: expect.any(Number) } });
    expect(chunks.slice(0, -1).every((c) => c.usage === undefined)).toBe(true);
    expect(textOf(chunks)).toBe(buildEchoReply('gpt-5.5', messages));
  });

  test('gemini: explicit nulls, usage on every chunk, created 0, id ""', async () => {
    const { chunks } = await streamed('Hello there, all of you', 'gemini-3-flash');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const c of chunks) {
      expect(c.id).toBe('');
      expect(c.created).toBe(0);
      expect(c.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
      expect(c.choices[0]?.delta).toMatchObject({ reasoning_content: null, tool_calls: null });
    }
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.slice(0, -1).every((c) => c.choices[0]?.finish_reason === null)).toBe(true);
    expect(textOf(chunks)).toBe(buildEchoReply('gemini-3-flash', messages));
  });
});

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
      retryAfter: '120',
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

  test('[[fake:not-found]] is the text 404', async () => {
    const res = await say('[[fake:not-found]]');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('404 page not found');
  });

  test('[[fake:flaky]] fails once, lets the identical retry through, and fails again next time', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await say('hello [[fake:flaky:503]]');
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual([503, 200, 503]);
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

  test('[[fake:slow-first-byte:20000]] sends the SSE headers, then no body byte', async () => {
    const res = await say('[[fake:slow-first-byte:20000]]');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    expect(await silentFor(reader, 300)).toBe(true);
    await reader.cancel();
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
    const res = await fetch(`${proxy.url}/v1/chat/completions`, {
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

describe('enqueue', () => {
  test('queued scenarios are used first, in order, ahead of markers; then markers and echoes resume', async () => {
    proxy.enqueue({ kind: 'error', status: 418, body: { error: 'first' } });
    proxy.enqueue({ kind: 'reply', text: 'second reply' });
    const first = await say('[[fake:server-error]]');
    expect(first.status).toBe(418);
    const { chunks } = await streamed('[[fake:server-error]]');
    expect(textOf(chunks)).toBe('second reply');
    expect((await say('[[fake:server-error]]')).status).toBe(500);
  });

  test('raw writes status, headers and bytes verbatim', async () => {
    const chunks = ['data: {"a":1}\r\n', '\r\n', new Uint8Array([0xe6, 0x97]), new Uint8Array([0xa5, 0x0a])];
    proxy.enqueue({ kind: 'raw', status: 207, headers: { 'Content-Type': 'text/x-test', 'X-Fixture': 'yes' }, chunks });
    const res = await say('anything');
    expect(res.status).toBe(207);
    expect(res.headers.get('content-type')).toBe('text/x-test');
    expect(res.headers.get('x-fixture')).toBe('yes');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(
      new Uint8Array(Buffer.concat([Buffer.from('data: {"a":1}\r\n\r\n'), Buffer.from([0xe6, 0x97, 0xa5, 0x0a])])),
    );
  });

  test('raw with holdOpen writes its bytes, then keeps the connection open until the client leaves', async () => {
    proxy.enqueue({
      kind: 'raw',
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
      chunks: ['data: {}\n\n'],
      holdOpen: true,
    });
    const res = await say('anything');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {}\n\n');
    expect(await silentFor(reader, 100)).toBe(true);
    await reader.cancel();
    expect(await proxy.whenResponseClosed(0)).toBe('aborted');
  });

  test('a stall with ms resumes and completes', async () => {
    proxy.enqueue({ kind: 'stall', afterChunks: 1, ms: 20, text: 'a b c' });
    const { frames, chunks } = await streamed('x');
    expect(textOf(chunks)).toBe('a b c');
    expect(frames.data.at(-1)).toBe('[DONE]');
  });
});
