import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLogger } from '@roundtable/core/testing';
import { describeRealOnly, freePort, NO_EGRESS, realProxyBinary } from '@roundtable/testkit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ManagedProxy } from './ManagedProxy';
import { ManagementClient, runLogin } from './management';
import { seatState } from './seats';

// Sign-ins through the real proxy's management API, as far as they go without a provider: the proxy builds the
// sign-in URL and waits for a callback that never comes here. Sequential: each sign-in holds its provider's port.

let dir = '';
let proxy: ManagedProxy;
let password = '';

beforeAll(async () => {
  const binary = realProxyBinary();
  if (!binary.ok) return;
  dir = await mkdtemp(join(tmpdir(), 'roundtable-management-'));
  proxy = new ManagedProxy({
    binaryPath: binary.path,
    workDir: join(dir, 'run'),
    authDir: join(dir, 'auth'),
    accessKey: 'management-test-key',
    preferredPort: await freePort(),
    logger: new RecordingLogger(),
    freePort,
    env: { ...process.env, ...NO_EGRESS },
    onReady: (ready) => {
      password = ready.password;
    },
  });
  await proxy.start();
}, 30_000);

afterAll(async () => {
  await proxy?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const client = () =>
  new ManagementClient(
    () => proxy.url,
    async () => password,
  );

describeRealOnly('signing in through the managed proxy', () => {
  test('a sign-in starts with the provider’s https URL, waits for its callback, and can be cancelled', async () => {
    const opened: string[] = [];
    const controller = new AbortController();
    const outcome = await runLogin(client(), 'claude', {
      open: (url) => {
        opened.push(url);
        setTimeout(() => controller.abort(), 300); // the user gives up while it waits
      },
      signal: controller.signal,
      pollMs: 100,
    });
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^https:\/\/claude\.ai\/oauth\/authorize\?/);
    expect(decodeURIComponent(opened[0] ?? '')).toContain('redirect_uri=http://localhost:54545/callback');
  });

  test('a sign-in nobody finishes times out, and the proxy forgets it', async () => {
    const outcome = await runLogin(client(), 'codex', {
      open: () => {},
      signal: new AbortController().signal,
      pollMs: 100,
      timeoutMs: 500,
    });
    expect(outcome).toEqual({ kind: 'failed', reason: 'The sign-in was not finished within 1 s.' });
  });

  test('a wrong key is reported in words, and not retried', async () => {
    const calls: string[] = [];
    const wrong = new ManagementClient(
      () => proxy.url,
      async () => 'not-the-key',
      (input, init) => {
        calls.push(String(input));
        return fetch(input, init);
      },
    );
    const started = await wrong.startLogin('antigravity');
    expect(started).toEqual({
      ok: false,
      reason: 'CLIProxyAPI refused Roundtable’s management key; restart it and try again.',
    });
    expect(calls).toHaveLength(1);
  });

  test('with no login, the proxy lists none, and every seat needs one', async () => {
    const listed = await client().logins();
    expect(listed).toEqual({ ok: true, logins: [] });
    if (listed.ok)
      expect(seatState('claude-sonnet-4-6', listed.logins, Date.now())).toEqual({
        kind: 'needs-login',
        provider: 'claude',
      });
  });

  test('resetting the pause of a login the proxy does not hold is refused in words', async () => {
    const reset = await client().resetCooldown('no-such-login');
    expect(reset.ok).toBe(false);
    if (!reset.ok) expect(reset.reason).toMatch(/^CLIProxyAPI answered HTTP 4\d\d: /);
  });

  test('a login the proxy holds disabled makes its seat disabled; enabling it seats it again', async () => {
    // A fake xAI login (a throwaway token, for a provider address nobody is asked), written disabled, as the proxy
    // writes its own login files.
    const file = 'xai-seat@example.invalid.json';
    await writeFile(
      join(dir, 'auth', file),
      JSON.stringify({
        access_token: 'fake-token-never-sent',
        base_url: 'http://127.0.0.1:9/v1',
        disabled: true,
        email: 'seat@example.invalid',
        expired: '2099-01-01T00:00:00Z',
        refresh_token: '',
        type: 'xai',
      }),
      { mode: 0o600 },
    );
    const seat = async () => {
      const listed = await client().logins();
      return listed.ok ? seatState('grok-4', listed.logins, Date.now()) : undefined;
    };
    await expect.poll(seat, { timeout: 10_000 }).toMatchObject({ kind: 'disabled', login: { name: file } });
    const state = await seat();
    if (state?.kind !== 'disabled') throw new Error('expected a disabled seat');
    expect(await client().enableLogin(state.login)).toEqual({ ok: true });
    await expect.poll(seat, { timeout: 10_000 }).toMatchObject({ kind: 'ready', provider: 'xai' });
  });
});
