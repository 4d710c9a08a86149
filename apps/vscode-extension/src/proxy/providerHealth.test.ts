import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, startFakeProxy } from '@roundtable/testkit';
import { afterEach, describe, expect, test } from 'vitest';
import { checkProvider, providerReport } from './providerHealth';

// A provider's `/models`, asked over real HTTP on loopback: up, down, and servers that answer something else.

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

/** A plain server that is no OpenAI endpoint; returns its URL with `/v1`, as a provider's baseUrl. */
async function rawServer(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

describe('checkProvider', () => {
  test('up: its models, sorted, from one GET {baseUrl}/models with no key', async () => {
    const proxy = await startFakeProxy({ models: ['qwen3', 'llama3.2'] });
    cleanup.push(() => proxy.close());
    expect(await checkProvider(`${proxy.url}/v1`)).toEqual({ ok: true, models: ['llama3.2', 'qwen3'] });
    expect(proxy.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
      'GET /v1/models undefined',
    ]);
  });

  test('down: nothing is listening at the URL', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
    expect(await checkProvider(baseUrl)).toEqual({ ok: false, reason: `nothing is listening at ${baseUrl}` });
  });

  test.each([
    ['not JSON', 200, 'hello there', 'did not answer with a model list ({"data": [{"id": …}]}): hello there'],
    [
      'JSON of another shape',
      200,
      '{"models":[]}',
      'did not answer with a model list ({"data": [{"id": …}]}): {"models":[]}',
    ],
    ['an HTTP error, with its body', 500, 'boom', 'answered HTTP 500: boom'],
    ['an HTTP error without a body', 404, '', 'answered HTTP 404'],
  ])('%s: not ok, saying what came back', async (_name, status, body, reason) => {
    const baseUrl = await rawServer((_req, res) => res.writeHead(status).end(body));
    const health = await checkProvider(baseUrl);
    expect(health.ok).toBe(false);
    expect(!health.ok && health.reason).toBe(`${baseUrl}/models ${reason}`);
  });

  test('an entry without a string id is left out of the list', async () => {
    const baseUrl = await rawServer((_req, res) => res.end('{"data":[{"id":"b"},{"name":"x"},null,{"id":"a"}]}'));
    expect(await checkProvider(baseUrl)).toEqual({ ok: true, models: ['a', 'b'] });
  });

  test('a port fetch refuses to use: the reason, not just "fetch failed"', async () => {
    expect(await checkProvider('http://127.0.0.1:1/v1')).toEqual({
      ok: false,
      reason: 'http://127.0.0.1:1/v1/models cannot be reached (bad port)',
    });
  });

  test('a server that never answers counts as unreachable after the timeout', async () => {
    const baseUrl = await rawServer(() => {});
    expect(await checkProvider(baseUrl, { timeoutMs: 100 })).toEqual({
      ok: false,
      reason: `${baseUrl}/models did not answer within 0.1 s`,
    });
  });
});

const noDetect = async (): Promise<never> => {
  throw new Error('no CLI here');
};

describe('providerReport', () => {
  test('a CLI provider: its version and path, and who sits on it; or why it cannot be used', async () => {
    const lines = await providerReport(
      [
        { kind: 'cli', id: 'claude-code', name: 'Claude Code', cli: 'claude' },
        { kind: 'cli', id: 'codex', name: 'Codex', cli: 'codex', command: '/opt/codex' },
      ],
      [
        { id: 'opus', model: 'opus', provider: 'claude-code' },
        { id: 'sonnet', model: 'sonnet', provider: 'claude-code' },
      ],
      {
        detect: async (p) =>
          p.cli === 'claude'
            ? { ok: true, path: '/usr/bin/claude', version: '2.1.328' }
            : {
                ok: false,
                problem: 'missing',
                reason: 'Codex was not found at `/opt/codex` (no executable file there).',
              },
      },
    );
    expect(lines).toEqual([
      'provider claude-code (Claude Code), the claude CLI: 2.1.328 at /usr/bin/claude; seats: @opus, @sonnet',
      'provider codex (Codex), the codex CLI: cannot be used: Codex was not found at `/opt/codex` (no executable file there).',
    ]);
  });

  const local = { id: 'local', name: 'Copilot', baseUrl: 'http://127.0.0.1:4141/v1' };
  const ollama = { id: 'ollama', name: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' };

  test('each provider with its health and models, then each seat on it whose model it lacks', async () => {
    const lines = await providerReport(
      [local, ollama],
      [
        { id: 'claude', model: 'claude-sonnet-4-6' },
        { id: 'copilot', model: 'gpt-4.1', provider: 'local' },
        { id: 'old', model: 'gpt-4o', provider: 'local' },
        { id: 'llama', model: 'llama3.2', provider: 'ollama' },
      ],
      {
        check: async (baseUrl) =>
          baseUrl === local.baseUrl
            ? { ok: true, models: ['claude-3.5-sonnet', 'gpt-4.1'] }
            : { ok: false, reason: `nothing is listening at ${baseUrl}` },
        detect: noDetect,
      },
    );
    expect(lines).toEqual([
      'provider local (Copilot) at http://127.0.0.1:4141/v1: up, 2 models: claude-3.5-sonnet, gpt-4.1',
      '  @old: gpt-4o is not among its models',
      'provider ollama (ollama) at http://127.0.0.1:11434/v1: down: nothing is listening at http://127.0.0.1:11434/v1',
    ]);
  });

  test('no providers: one line saying so, and nothing asked', async () => {
    const check = async () => {
      throw new Error('not asked');
    };
    expect(await providerReport([], [], { check, detect: noDetect })).toEqual(['roundtable.providers: (none)']);
  });

  test('over real HTTP: a provider that is up and one that is down', async () => {
    const proxy = await startFakeProxy({ models: ['llama3.2'] });
    cleanup.push(() => proxy.close());
    const down = `http://127.0.0.1:${await freePort()}/v1`;
    const lines = await providerReport(
      [
        { id: 'up', name: 'up', baseUrl: `${proxy.url}/v1` },
        { id: 'down', name: 'down', baseUrl: down },
      ],
      [],
      { detect: noDetect },
    );
    expect(lines).toEqual([
      `provider up (up) at ${proxy.url}/v1: up, 1 models: llama3.2`,
      `provider down (down) at ${down}: down: nothing is listening at ${down}`,
    ]);
  });
});
