import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { type FirstTokenRelay, startFirstTokenRelay } from './firstTokenRelay';

// The relay the real-model e2e puts in front of llama.cpp: every byte passes as it comes, and it notes when a chat
// request's first text went back and what the server said of its timings.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function upstream(): Promise<string> {
  const server = createServer((req, res) => {
    if (req.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
    if (req.headers['x-fail'])
      return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"no"}');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {"choices":[{"delta":{"role":"assistant","content":null}}]}\n\n');
    setTimeout(() => res.write('data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n'), 30);
    setTimeout(() => res.end('data: {"choices":[],"timings":{"prompt_ms":12.5}}\n\ndata: [DONE]\n\n'), 60);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('a GET passes through whole; a stream passes through whole, its first text and timings noted', async () => {
  const relay: FirstTokenRelay = await startFirstTokenRelay(await upstream());
  closers.push(() => relay.close());
  expect(await (await fetch(`${relay.baseUrl}/models`)).json()).toEqual({ data: [] });
  const before = Date.now();
  const body = await (
    await fetch(`${relay.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'smol-b' }) })
  ).text();
  expect(body).toContain('"content":"Hi"');
  expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
  expect(relay.replies).toEqual([
    {
      model: 'smol-b',
      startedAt: expect.any(Number),
      firstTextAt: expect.any(Number),
      serverPromptMs: 12.5,
      status: 200,
    },
  ]);
  const [reply] = relay.replies;
  expect(reply?.startedAt).toBeGreaterThanOrEqual(before);
  expect((reply?.firstTextAt ?? 0) - (reply?.startedAt ?? 0)).toBeGreaterThanOrEqual(20);
});

test('an answer that is no stream is passed on, and its status and the start of its body are noted', async () => {
  const relay = await startFirstTokenRelay(await upstream());
  closers.push(() => relay.close());
  const res = await fetch(`${relay.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'x-fail': '1' },
    body: JSON.stringify({ model: 'smol-c' }),
  });
  expect(res.status).toBe(400);
  expect(await res.text()).toBe('{"error":"no"}');
  expect(relay.replies).toEqual([
    { model: 'smol-c', startedAt: expect.any(Number), status: 400, errorBody: '{"error":"no"}' },
  ]);
});
