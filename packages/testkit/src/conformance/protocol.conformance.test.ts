import { expect, test } from 'vitest';
import { readFrames } from '../readFrames';
import type { ProxyTarget } from './targets';
import { forEachTarget } from './useTarget';

// The HTTP contract of CLIProxyAPI as a client sees it, held against the fake and the real binary alike. Each
// scenario that makes a model cool down uses a model of its own.

function send(target: ProxyTarget, path: string, init: RequestInit & { key?: string | null } = {}) {
  const { key = target.accessKey, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key !== null && !headers.has('authorization')) headers.set('Authorization', `Bearer ${key}`);
  return fetch(`${target.url}${path}`, { ...rest, headers });
}

function chat(target: ProxyTarget, model: string, signal?: AbortSignal) {
  return send(target, '/v1/chat/completions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hello' }] }),
    ...(signal ? { signal } : {}),
  });
}

/** The text of a stream's content deltas. */
function textOf(data: string[]): string {
  return data
    .filter((d) => d !== '[DONE]')
    .map((d) => JSON.parse(d) as { choices?: { delta?: { content?: string | null } }[] })
    .map((c) => c.choices?.[0]?.delta?.content ?? '')
    .join('');
}

forEachTarget('the HTTP contract', (target) => {
  test('/healthz answers without a key', async () => {
    const res = await send(target(), '/healthz', { key: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('an unknown route is 404 with no body and no Content-Type', async () => {
    const res = await send(target(), '/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });

  test('the access key: missing and wrong keys get the string-error 401s', async () => {
    const missing = await send(target(), '/v1/models', { key: null });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Missing API key' });
    const wrong = await send(target(), '/v1/models', { key: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid API key' });
  });

  test.each([
    ['Authorization: Bearer', (key: string) => ({ headers: { Authorization: `Bearer ${key}` } }), ''],
    ['a bare Authorization', (key: string) => ({ headers: { Authorization: key } }), ''],
    ['X-Api-Key', (key: string) => ({ headers: { 'X-Api-Key': key } }), ''],
    ['X-Goog-Api-Key', (key: string) => ({ headers: { 'X-Goog-Api-Key': key } }), ''],
    ['?key=', () => ({}), 'key'],
    ['?auth_token=', () => ({}), 'auth_token'],
  ])('the access key is accepted from %s', async (_name, init, query) => {
    const key = target().accessKey;
    const path = query ? `/v1/models?${query}=${encodeURIComponent(key)}` : '/v1/models';
    const res = await send(target(), path, { key: null, ...init(key) });
    expect(res.status).toBe(200);
  });

  test('/v1/models lists every model as {id, object: "model", owned_by}', async () => {
    const res = await send(target(), '/v1/models');
    const body = (await res.json()) as { object: string; data: { id: string; object: string; owned_by: string }[] };
    expect(body.object).toBe('list');
    expect(body.data.map((m) => m.id)).toEqual(expect.arrayContaining([...target().models]));
    for (const model of body.data) {
      expect(model).toMatchObject({ id: expect.any(String), object: 'model', owned_by: expect.any(String) });
    }
  });

  test.each([
    ['a body that is not JSON', 'not json', ''],
    ['an unknown model', JSON.stringify({ model: 'no-such-model', stream: true, messages: [] }), 'no-such-model'],
  ])('%s is 400 model_not_found', async (_name, body, model) => {
    const res = await send(target(), '/v1/chat/completions', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: `unknown provider for model ${model}`,
        type: 'invalid_request_error',
        code: 'model_not_found',
        param: 'model',
      },
    });
  });

  test('a reply streams as SSE: content, a usage chunk, then [DONE]', async () => {
    const model = target().models[0] ?? '';
    target().arrange(model, { kind: 'reply' });
    const res = await chat(target(), model);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const { data } = readFrames(await res.text());
    expect(data.at(-1)).toBe('[DONE]');
    expect(textOf(data)).toBe('Hello from the upstream model.');
    const usage = data
      .filter((d) => d !== '[DONE]')
      .map((d) => JSON.parse(d) as { usage?: unknown })
      .filter((c) => c.usage);
    expect(usage.length).toBeGreaterThan(0);
  });

  test('a provider stream that ends without [DONE] still ends with [DONE]', async () => {
    const model = target().models[1] ?? '';
    target().arrange(model, { kind: 'replyWithoutDone' });
    const { data } = readFrames(await (await chat(target(), model)).text());
    expect(data.at(-1)).toBe('[DONE]');
  });

  test('an upstream 500 comes back as is; then the model cools down: 503 auth_unavailable', async () => {
    const model = target().models[2] ?? '';
    const body = { error: { message: 'upstream exploded', type: 'server_error' } };
    target().arrange(model, { kind: 'upstreamError', status: 500, body: JSON.stringify(body) });
    const first = await chat(target(), model);
    expect(first.status).toBe(500);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(await first.json()).toEqual(body);
    const next = await chat(target(), model);
    expect(next.status).toBe(503);
    expect(await next.json()).toEqual({
      error: {
        message: expect.stringMatching(
          new RegExp(`^auth_unavailable: no auth available \\(providers=.*, model=${model}\\)$`),
        ),
        type: 'server_error',
        code: 'internal_server_error',
      },
    });
  });

  test('an upstream 429 comes back seconds late (the proxy retried it), as is, without Retry-After', async () => {
    const model = target().models[15] ?? '';
    const body = { error: { message: 'Rate limit reached. Please try again later.', type: 'rate_limit_error' } };
    target().arrange(model, { kind: 'rateLimited', body: JSON.stringify(body) });
    const sent = Date.now();
    const res = await chat(target(), model);
    expect(res.status).toBe(429);
    expect(Date.now() - sent).toBeGreaterThan(1_000);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await res.json()).toEqual(body);
  }, 30_000);

  test('an upstream 401 comes back as a 401 with the upstream body', async () => {
    const model = target().models[3] ?? '';
    const body = { error: { message: 'invalid upstream credentials', type: 'invalid_request_error' } };
    target().arrange(model, { kind: 'upstreamError', status: 401, body: JSON.stringify(body) });
    const res = await chat(target(), model);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(body);
  });

  test('an error chunk mid-stream ends the stream without [DONE]; then the model cools down', async () => {
    const model = target().models[4] ?? '';
    target().arrange(model, { kind: 'errorChunk', message: 'the provider gave up' });
    const { data } = readFrames(await (await chat(target(), model)).text());
    expect(data).not.toContain('[DONE]');
    expect(JSON.parse(data.at(-1) ?? '')).toEqual({ error: { message: 'the provider gave up', type: 'server_error' } });
    expect(textOf(data.slice(0, -1)).length).toBeGreaterThan(0);
    expect((await chat(target(), model)).status).toBe(503);
  });

  test('a provider socket that drops mid-stream becomes an "unexpected EOF" error chunk, and the model does not cool down', async () => {
    const model = target().models[5] ?? '';
    target().arrange(model, { kind: 'drop' });
    const { data } = readFrames(await (await chat(target(), model)).text());
    expect(data).not.toContain('[DONE]');
    expect(JSON.parse(data.at(-1) ?? '')).toEqual({
      error: { message: 'unexpected EOF', type: 'server_error', code: 'internal_server_error' },
    });
    target().arrange(model, { kind: 'reply' });
    expect((await chat(target(), model)).status).toBe(200);
  });

  test('before the provider’s first chunk the client gets nothing at all, not even the status line', async () => {
    const model = target().models[6] ?? '';
    target().arrange(model, { kind: 'silent' });
    const controller = new AbortController();
    const response = chat(target(), model, controller.signal);
    const arrived = await Promise.race([
      response.then(() => 'headers'),
      new Promise((resolve) => setTimeout(() => resolve('nothing'), 1_000)),
    ]);
    controller.abort();
    await response.catch(() => undefined);
    expect(arrived).toBe('nothing');
  });
});

forEachTarget(
  'keep-alive comments',
  (target) => {
    test('during a stall after the first chunk, keep-alive comments keep coming and no data does', async () => {
      const model = target().models[7] ?? '';
      target().arrange(model, { kind: 'stall' });
      const controller = new AbortController();
      const res = await chat(target(), model, controller.signal);
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      const decoder = new TextDecoder();
      let text = '';
      const until = Date.now() + 3_200;
      const stop = setTimeout(() => controller.abort(), 3_200);
      try {
        while (Date.now() < until) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      } catch {
        // the abort that ends the observation
      } finally {
        clearTimeout(stop);
      }
      const frames = readFrames(text);
      expect(frames.data.length).toBeGreaterThan(0);
      expect(frames.data).not.toContain('[DONE]');
      expect(frames.comments).toBeGreaterThanOrEqual(2);
      // Every comment came after the last data frame: they are all the proxy had to say during the stall.
      expect(text.trimEnd().endsWith(': keep-alive')).toBe(true);
    });
  },
  { keepaliveSeconds: 1 },
);
