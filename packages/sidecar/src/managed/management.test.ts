import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { ManagementClient } from './management';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A management API that answers every call with `status` and a body quoting the request's Authorization header. */
async function echoing(status: number, shape: (auth: string) => unknown): Promise<string> {
  const server = createServer((req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(shape(String(req.headers.authorization))));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const KEY = 'per-launch-secret-0123456789';

describe('ManagementClient (against a management API that misbehaves, on loopback)', () => {
  test.each([
    ['an HTTP error quoting the header', 500, (auth: string) => ({ error: `bad request from ${auth}` })],
    ['a start answer without a URL, quoting the header', 200, (auth: string) => ({ error: `no url for ${auth}` })],
  ])('%s', async (_name, status, shape) => {
    const url = await echoing(status, shape);
    const client = new ManagementClient(
      () => url,
      async () => KEY,
    );
    const started = await client.startLogin('claude');
    expect(started.ok).toBe(false);
    if (!started.ok) {
      expect(started.reason).not.toContain(KEY);
      expect(started.reason).toContain('[access key]');
    }
  });

  test('a failed sign-in status quoting the header', async () => {
    const url = await echoing(200, (auth) => ({ status: 'error', error: `token exchange failed for ${auth}` }));
    const status = await new ManagementClient(
      () => url,
      async () => KEY,
    ).loginStatus('state-1');
    expect(status).toEqual({ status: 'error', reason: 'token exchange failed for Bearer [access key]' });
  });

  test('an https page only: a sign-in URL of another scheme is not handed out', async () => {
    const url = await echoing(200, () => ({ status: 'ok', state: 's', url: 'javascript:alert(1)' }));
    const started = await new ManagementClient(
      () => url,
      async () => KEY,
    ).startLogin('claude');
    expect(started).toMatchObject({ ok: false, reason: expect.stringContaining('not https') });
  });

  test('a device sign-in hands out its code with the page', async () => {
    const url = await echoing(200, () => ({
      status: 'ok',
      url: 'https://www.kimi.com/code/authorize_device',
      state: 'device-state',
      user_code: 'ABCD-1234',
    }));
    const started = await new ManagementClient(
      () => url,
      async () => KEY,
    ).startLogin('kimi');
    expect(started).toEqual({
      ok: true,
      url: 'https://www.kimi.com/code/authorize_device',
      state: 'device-state',
      userCode: 'ABCD-1234',
    });
  });
});
