import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeProxy, freePort, startFakeProxy } from '@roundtable/testkit';
import { afterEach, describe, expect, test } from 'vitest';
import { checkProxy } from './checkProxy';
import { findUnavailableModels } from './servedModels';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

async function proxy(options: Parameters<typeof startFakeProxy>[0] = {}): Promise<FakeProxy> {
  const p = await startFakeProxy(options);
  cleanup.push(() => p.close());
  return p;
}

/** A plain HTTP server that is not CLIProxyAPI, for the "wrong URL" cases. */
async function rawServer(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const signal = () => new AbortController().signal;

describe('checkProxy', () => {
  test('a healthy proxy: ok, sorted models, the key sent as a bearer token to /v1/models only', async () => {
    const p = await proxy({ accessKeys: ['local-key'], models: ['gpt-5.5', 'claude-sonnet-4-6', 'gemini-3-flash'] });
    const health = await checkProxy({ root: p.url, accessKey: 'local-key' }, signal());
    expect(health).toEqual({
      ok: true,
      models: ['claude-sonnet-4-6', 'gemini-3-flash', 'gpt-5.5'],
      detail: `Connected to CLIProxyAPI at ${p.url}: 3 models available.`,
    });
    expect(p.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
      'GET /v1/models Bearer local-key',
    ]);
  });

  test.each([
    ['no key', undefined, 'Missing API key'],
    ['a wrong key', 'nope', 'Invalid API key'],
  ])('%s: not ok, says how to set the key, and flags needsAccessKey', async (_name, accessKey, proxyText) => {
    const p = await proxy({ accessKeys: ['local-key'] });
    const health = await checkProxy({ root: p.url, ...(accessKey ? { accessKey } : {}) }, signal());
    expect(health.ok).toBe(false);
    expect(health.needsAccessKey).toBe(true);
    expect(health.detail).toContain('Set Proxy Access Key');
    expect(health.detail).toContain(proxyText);
  });

  test('no account logged in: ok, but says so', async () => {
    const p = await proxy({ models: [] });
    const health = await checkProxy({ root: p.url }, signal());
    expect(health).toMatchObject({ ok: true, models: [] });
    expect(health.detail).toContain('no account is logged in');
  });

  test('nothing listening: not ok, names the URL and the settings to check', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const health = await checkProxy({ root: url }, signal());
    expect(health.ok).toBe(false);
    expect(health.detail).toContain(`Cannot reach CLIProxyAPI at ${url}`);
    expect(health.detail).toContain('roundtable.sidecar.externalUrl');
  });

  test('a server that never answers: not ok after the timeout', async () => {
    const url = await rawServer(() => {});
    const health = await checkProxy({ root: url, timeoutMs: 100 }, signal());
    expect(health).toMatchObject({ ok: false });
    expect(health.detail).toContain('no answer within 0.1 s');
  });

  test('something else on that port: not ok, suggests the URL is wrong', async () => {
    const url = await rawServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'),
    );
    const health = await checkProxy({ root: url }, signal());
    expect(health.ok).toBe(false);
    expect(health.detail).toContain('not CLIProxyAPI');
  });

  test('aborting the caller signal rejects instead of reporting a status', async () => {
    const url = await rawServer(() => {});
    const controller = new AbortController();
    const pending = checkProxy({ root: url }, controller.signal);
    controller.abort(new Error('superseded'));
    await expect(pending).rejects.toThrow('superseded');
  });
});

describe('findUnavailableModels', () => {
  test('lists enabled participants whose model is not served, ignoring a thinking suffix', () => {
    const participants = [
      { id: 'claude', model: 'claude-sonnet-4-6(16384)', enabled: true },
      { id: 'gpt', model: 'gpt-9', enabled: true },
      { id: 'off', model: 'nothing', enabled: false },
    ];
    expect(findUnavailableModels(participants, ['claude-sonnet-4-6', 'gpt-5.5'])).toEqual([
      { id: 'gpt', model: 'gpt-9' },
    ]);
  });
});

describe('checkProxy never shows the access key', () => {
  test.each([
    [
      'a JSON error echoing the header',
      (auth: string) => JSON.stringify({ error: { message: `bad header: ${auth}` } }),
    ],
    ['a text error echoing the header', (auth: string) => `unauthorized (${auth})`],
    ['a string error echoing the header', (auth: string) => JSON.stringify({ error: `Invalid API key ${auth}` })],
  ])('%s', async (_name, body) => {
    const key = 'sk-local-secret-4242';
    const url = await rawServer((req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(body(String(req.headers.authorization)));
    });
    const health = await checkProxy({ root: url, accessKey: key }, new AbortController().signal);
    expect(health.ok).toBe(false);
    expect(health.detail).not.toContain(key);
    expect(health.detail).toContain('[access key]');
  });
});
