import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildEchoReply } from './echoReply';
import { type FakeProxy, startFakeProxy } from './fakeProxy';
import { DEFAULT_MODELS } from './models';
import { jsonChunks, readFrames } from './readFrames';

let proxy: FakeProxy;
const closeLater: FakeProxy[] = [];

beforeEach(async () => {
  proxy = await startFakeProxy();
});
afterEach(async () => {
  await proxy.close();
  await Promise.all(closeLater.splice(0).map((p) => p.close()));
});

async function guarded(accessKeys: string[]): Promise<FakeProxy> {
  const p = await startFakeProxy({ accessKeys });
  closeLater.push(p);
  return p;
}

const chat = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('routes', () => {
  test('url and port describe a loopback listener', () => {
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}`);
    expect(proxy.port).toBeGreaterThan(0);
  });

  test('GET and HEAD /healthz answer {"status":"ok"} without a key', async () => {
    const p = await guarded(['k']);
    const get = await fetch(`${p.url}/healthz`);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ status: 'ok' });
    const head = await fetch(`${p.url}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test('GET / is the banner, without a key', async () => {
    const p = await guarded(['k']);
    const res = await fetch(`${p.url}/`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'CLI Proxy API Server' });
  });

  test.each([
    ['GET', '/v1/chat/completions'],
    ['GET', '/nope'],
    ['POST', '/chat/completions'],
    ['POST', '/v1/models'],
  ])('%s %s is a 404 with no body and no Content-Type', async (method, path) => {
    const res = await fetch(`${proxy.url}${path}`, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });

  test('records every request in order, with path, headers and parsed body', async () => {
    await fetch(`${proxy.url}/healthz`);
    await chat(proxy.url, { model: 'gpt-5.5', messages: [{ role: 'user', content: 'hi' }] }, { 'X-Trace': 'abc' });
    await fetch(`${proxy.url}/v1/models?x=1`);
    expect(proxy.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /healthz',
      'POST /v1/chat/completions',
      'GET /v1/models?x=1',
    ]);
    expect(proxy.requests[1]?.body).toEqual({ model: 'gpt-5.5', messages: [{ role: 'user', content: 'hi' }] });
    expect(proxy.requests[1]?.headers['x-trace']).toBe('abc');
    expect(proxy.requests[0]?.body).toBeUndefined();
  });
});

describe('GET /v1/models', () => {
  test('lists every model with exactly the four documented fields, created omitted for Antigravity ids', async () => {
    const body = (await (await fetch(`${proxy.url}/v1/models`)).json()) as {
      object: string;
      data: Record<string, unknown>[];
    };
    expect(body.object).toBe('list');
    expect(body.data.map((m) => m.id).sort()).toEqual([...DEFAULT_MODELS].sort());
    for (const model of body.data) {
      const expectedKeys = String(model.id).startsWith('gemini-')
        ? ['id', 'object', 'owned_by']
        : ['created', 'id', 'object', 'owned_by'];
      expect(Object.keys(model).sort()).toEqual(expectedKeys);
      expect(model.object).toBe('model');
    }
  });

  test('the order is random on every call but always complete', async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const body = (await (await fetch(`${proxy.url}/v1/models`)).json()) as { data: { id: string }[] };
      expect(body.data.map((m) => m.id).sort()).toEqual([...DEFAULT_MODELS].sort());
      orders.add(body.data.map((m) => m.id).join(','));
    }
    // 8 models: the chance of 20 identical shuffles is (1/8!)^19.
    expect(orders.size).toBeGreaterThan(1);
  });

  test('serves the configured models', async () => {
    const p = await startFakeProxy({ models: ['claude-opus-4-8', 'kimi-k2'] });
    closeLater.push(p);
    const body = (await (await fetch(`${p.url}/v1/models`)).json()) as { data: { id: string }[] };
    expect(body.data.map((m) => m.id).sort()).toEqual(['claude-opus-4-8', 'kimi-k2']);
  });
});

describe('access keys', () => {
  test('without accessKeys every request is allowed (legacy behaviour)', async () => {
    expect((await fetch(`${proxy.url}/v1/models`)).status).toBe(200);
  });

  test.each([
    { name: 'no key', headers: {} as Record<string, string>, body: { error: 'Missing API key' } },
    { name: 'a wrong bearer', headers: { Authorization: 'Bearer nope' }, body: { error: 'Invalid API key' } },
    { name: 'a wrong X-Api-Key', headers: { 'X-Api-Key': 'nope' }, body: { error: 'Invalid API key' } },
  ])('$name gets CLIProxyAPI’s exact 401 body', async ({ headers, body }) => {
    const p = await guarded(['secret-1', 'secret-2']);
    for (const res of [
      await fetch(`${p.url}/v1/models`, { headers }),
      await chat(p.url, { model: 'gpt-5.5', messages: [] }, headers),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.text()).toBe(JSON.stringify(body));
    }
  });

  test.each<{ name: string; path: string; headers: Record<string, string> }>([
    { name: 'bearer', path: '/v1/models', headers: { Authorization: 'Bearer secret-2' } },
    { name: 'bare Authorization', path: '/v1/models', headers: { Authorization: 'secret-2' } },
    { name: 'X-Api-Key', path: '/v1/models', headers: { 'X-Api-Key': 'secret-1' } },
    { name: 'X-Goog-Api-Key', path: '/v1/models', headers: { 'X-Goog-Api-Key': 'secret-1' } },
    { name: '?key=', path: '/v1/models?key=secret-1', headers: {} },
  ])('accepts a right key as $name', async ({ path, headers }) => {
    const p = await guarded(['secret-1', 'secret-2']);
    expect((await fetch(`${p.url}${path}`, { headers })).status).toBe(200);
  });

  test('the template keys put the proxy in safe mode: 403 unsafe_example_api_key', async () => {
    const p = await guarded(['your-api-key-1']);
    const res = await fetch(`${p.url}/v1/models`, { headers: { Authorization: 'Bearer your-api-key-1' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-cpa-safe-mode')).toBe('example-api-key');
    expect(await res.json()).toMatchObject({ error: 'unsafe_example_api_key' });
  });
});

describe('POST /v1/chat/completions', () => {
  const messages = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: '[User] Hello?' },
  ];

  test('without stream: a chat.completion object holding the echo', async () => {
    const res = await chat(proxy.url, { model: 'claude-sonnet-4-6', messages });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'claude-sonnet-4-6',
      choices: [{ index: 0, message: { role: 'assistant', content: buildEchoReply('claude-sonnet-4-6', messages) } }],
    });
    expect(body.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
  });

  test('SSE headers, then data frames and data: [DONE]', async () => {
    const res = await chat(proxy.url, { model: 'gpt-5.5', messages, stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const frames = readFrames(await res.text());
    expect(frames.data.at(-1)).toBe('[DONE]');
    expect(frames.comments).toBe(0);
  });

  test('a model the proxy does not serve gets 400 model_not_found', async () => {
    const res = await chat(proxy.url, { model: 'gpt-9', messages, stream: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: 'unknown provider for model gpt-9',
        type: 'invalid_request_error',
        code: 'model_not_found',
        param: 'model',
      },
    });
  });

  test('a thinking suffix does not make a model unknown', async () => {
    const res = await chat(proxy.url, { model: 'claude-sonnet-4-6(16384)', messages, stream: true });
    expect(res.status).toBe(200);
  });

  test('content given as text parts is echoed as text', async () => {
    const parts = [
      {
        role: 'user',
        content: [
          { type: 'text', text: '[User] in ' },
          { type: 'text', text: 'parts' },
        ],
      },
    ];
    const body = (await (await chat(proxy.url, { model: 'gpt-5.5', messages: parts })).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(body.choices[0]?.message.content).toBe(
      buildEchoReply('gpt-5.5', [{ role: 'user', content: '[User] in parts' }]),
    );
  });

  test('a body without model or messages is a 400', async () => {
    const res = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', body: 'not json' });
    expect(res.status).toBe(400);
  });

  test('a slow default chunkDelayMs still streams the same text', async () => {
    const p = await startFakeProxy({ chunkDelayMs: 1 });
    closeLater.push(p);
    const frames = readFrames(await (await chat(p.url, { model: 'gemini-3-flash', messages, stream: true })).text());
    const text = jsonChunks(frames)
      .map((c) => (c.choices as { delta: { content: string | null } }[])[0]?.delta.content ?? '')
      .join('');
    expect(text).toBe(buildEchoReply('gemini-3-flash', messages));
  });
});

describe('close', () => {
  test('destroys open connections and stops listening', async () => {
    const p = await startFakeProxy();
    p.enqueue({ kind: 'stall', afterChunks: 1 });
    const res = await chat(p.url, { model: 'gpt-5.5', messages: [{ role: 'user', content: 'x' }], stream: true });
    const reader = res.body?.getReader();
    await reader?.read();
    await p.close();
    await expect(
      (async () => {
        for (;;) if ((await reader?.read())?.done) return 'ended';
      })(),
    ).rejects.toThrow();
    await expect(fetch(`${p.url}/healthz`)).rejects.toThrow();
  });

  test('whenResponseClosed tells a finished response from a client that left', async () => {
    await (await fetch(`${proxy.url}/healthz`)).text();
    expect(await proxy.whenResponseClosed(0)).toBe('finished');

    proxy.enqueue({ kind: 'stall', afterChunks: 1 });
    const controller = new AbortController();
    const res = await fetch(`${proxy.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-5.5', messages: [{ role: 'user', content: 'y' }], stream: true }),
      signal: controller.signal,
    });
    await res.body?.getReader().read();
    controller.abort();
    expect(await proxy.whenResponseClosed(1)).toBe('aborted');
    await expect(proxy.whenResponseClosed(9)).rejects.toThrow('no request #9');
  });
});
