import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@roundtable/testkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROBE_TIMEOUT_MS, parseServerAddress, probeServer, probeUsualServers } from './probeLocalServers';

// Each server below answers `GET /v1/models` as the real one does (bodies trimmed to the fields that matter).

const LLAMA_CPP = {
  object: 'list',
  data: [{ id: 'smol-a', aliases: ['smol-a', 'smol-b', 'smol-c'], object: 'model', owned_by: 'llamacpp' }],
};
const OLLAMA = {
  object: 'list',
  data: [
    { id: 'llama3.2:latest', object: 'model', created: 1, owned_by: 'library' },
    { id: 'qwen2.5-coder:7b', object: 'model', created: 1, owned_by: 'library' },
  ],
};
const LM_STUDIO = {
  data: [{ id: 'qwen2.5-7b-instruct', object: 'model', owned_by: 'organization_owner' }],
  object: 'list',
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const json = (body: unknown, headers: Record<string, string> = {}): Handler => {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
};

const servers: Server[] = [];
async function serve(handler: Handler): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('probeServer, against servers on loopback', () => {
  const bases: Record<string, string> = {};
  beforeAll(async () => {
    bases.llama = await serve(json(LLAMA_CPP, { server: 'llama.cpp' }));
    bases.ollama = await serve(json(OLLAMA));
    bases.lmstudio = await serve(json(LM_STUDIO));
    bases.web = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>my app</title>');
    });
    bases.notFound = await serve((_req, res) => {
      res.writeHead(404);
      res.end('Not Found');
    });
    bases.silent = await serve(() => {}); // takes the request and never answers
    bases.stalling = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": ['); // then nothing
    });
    bases.redirecting = await serve((_req, res) => {
      res.writeHead(302, { location: `${bases.llama}/models` });
      res.end();
    });
  });

  test('llama.cpp: named from its answer, and every alias is a model', async () => {
    const result = await probeServer(bases.llama ?? '');
    const host = new URL(bases.llama ?? '').host;
    expect(result).toEqual({
      ok: true,
      server: {
        kind: 'llamacpp',
        label: `llama.cpp at ${host}`,
        apiBase: bases.llama,
        models: ['smol-a', 'smol-b', 'smol-c'],
      },
    });
  });

  test('LM Studio: named from its answer', async () => {
    const result = await probeServer(bases.lmstudio ?? '');
    expect(result.ok && result.server).toMatchObject({ kind: 'lmstudio', models: ['qwen2.5-7b-instruct'] });
  });

  test('a server that says nothing of itself, off the usual ports, is an OpenAI-compatible server', async () => {
    const result = await probeServer(bases.ollama ?? '');
    expect(result.ok && result.server).toMatchObject({
      kind: 'openai',
      label: `OpenAI-compatible server at ${new URL(bases.ollama ?? '').host}`,
      models: ['llama3.2:latest', 'qwen2.5-coder:7b'],
    });
  });

  test('a web page, a 404, a redirect: not an OpenAI-compatible server, each said so', async () => {
    const web = await probeServer(bases.web ?? '');
    expect(web).toMatchObject({ ok: false, reason: expect.stringMatching(/not with an OpenAI model list/) });
    const missing = await probeServer(bases.notFound ?? '');
    expect(missing).toMatchObject({ ok: false, reason: expect.stringMatching(/HTTP 404: not an OpenAI-compatible/) });
    // Followed, it would list llama.cpp's models: the answer must come from the address asked.
    expect(await probeServer(bases.redirecting ?? '')).toMatchObject({ ok: false });
  });

  test('a server that does not answer, or stops mid-answer, is given up on at the timeout', async () => {
    const started = Date.now();
    const [silent, stalling] = await Promise.all([
      probeServer(bases.silent ?? '', { timeoutMs: 300 }),
      probeServer(bases.stalling ?? '', { timeoutMs: 300 }),
    ]);
    expect(silent).toMatchObject({ ok: false, reason: expect.stringMatching(/did not answer within 0.3 s$/) });
    expect(stalling).toMatchObject({ ok: false, reason: expect.stringMatching(/did not answer within 0.3 s$/) });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('a port nobody listens on', async () => {
    const port = await freePort();
    expect(await probeServer(`http://127.0.0.1:${port}/v1`)).toEqual({
      ok: false,
      apiBase: `http://127.0.0.1:${port}/v1`,
      reason: `nothing is listening at 127.0.0.1:${port}`,
    });
  });
});

describe('probeUsualServers', () => {
  test('asks llama.cpp’s, Ollama’s and LM Studio’s ports at once, with the short timeout, and names each by port', async () => {
    const asked: { url: string; init: RequestInit }[] = [];
    const answers: Record<string, unknown> = { '8080': LLAMA_CPP, '11434': OLLAMA, '1234': { data: [] } };
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = async (url: string, init: RequestInit) => {
      asked.push({ url, init });
      await gate;
      return new Response(JSON.stringify(answers[new URL(url).port]), { status: 200 });
    };
    const probing = probeUsualServers({ fetch });
    // All three were asked before any answered: one slow port does not hold up the others.
    expect(asked.map((a) => a.url)).toEqual([
      'http://127.0.0.1:8080/v1/models',
      'http://127.0.0.1:11434/v1/models',
      'http://127.0.0.1:1234/v1/models',
    ]);
    release();
    const results = await probing;
    expect(results.map((r) => r.ok && [r.server.label, r.server.models])).toEqual([
      ['llama.cpp at 127.0.0.1:8080', ['smol-a', 'smol-b', 'smol-c']],
      ['Ollama at 127.0.0.1:11434', ['llama3.2:latest', 'qwen2.5-coder:7b']],
      ['LM Studio at 127.0.0.1:1234', []],
    ]);
    expect(asked.every((a) => a.init.signal instanceof AbortSignal && a.init.redirect === 'error')).toBe(true);
    expect(PROBE_TIMEOUT_MS).toBe(1_500);
  });

  test('model names the participant reader would refuse are left out', async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ data: [{ id: ' padded ' }, { id: 'x'.repeat(201) }, { id: 'ok' }] }));
    const [first] = await probeUsualServers({ fetch });
    expect(first?.ok && first.server.models).toEqual(['ok']);
  });
});

describe('parseServerAddress: what the user types', () => {
  test.each([
    ['8080', 'http://127.0.0.1:8080/v1'],
    [' 1 ', 'http://127.0.0.1:1/v1'],
    ['65535', 'http://127.0.0.1:65535/v1'],
    ['http://localhost:11434', 'http://127.0.0.1:11434/v1'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/v1'],
    ['http://127.0.0.1:8080/v1/', 'http://127.0.0.1:8080/v1'],
    ['https://127.0.0.2:9000/api/openai/v1', 'https://127.0.0.2:9000/api/openai/v1'],
    ['127.0.0.1:1234', 'http://127.0.0.1:1234/v1'],
    ['[::1]:8080', 'http://[::1]:8080/v1'],
  ])('%s is the API at %s', (typed, apiBase) => {
    expect(parseServerAddress(typed)).toEqual({ ok: true, apiBase });
  });

  test.each([['0'], ['65536'], ['123456']])('port %s is refused as out of range', (typed) => {
    expect(parseServerAddress(typed)).toEqual({ ok: false, reason: 'A port is a whole number from 1 to 65535.' });
  });

  test.each([
    ['http://example.com:8080'],
    ['http://192.168.1.20:11434'],
    ['ftp://127.0.0.1:21'],
    ['http://user:secret@127.0.0.1:8080'],
    ['http://127.0.0.1:8080/v1?key=1'],
    ['ollama'],
    ['-8080'],
  ])('%s is refused: only this machine', (typed) => {
    expect(parseServerAddress(typed)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Only a server on this machine/),
    });
  });

  test('an empty box says what to type', () => {
    expect(parseServerAddress('  ')).toMatchObject({ ok: false, reason: expect.stringMatching(/^Enter a port/) });
  });
});
