import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchLike } from '@roundtable/core';
import { RecordingLogger } from '@roundtable/core/testing';
import { type Cleanups, describeRealOnly, freePort, isolated, NO_EGRESS, realProxyBinary } from '@roundtable/testkit';
import { test } from 'vitest';
import { ManagedProxy, type ManagedProxyOptions } from './ManagedProxy';
import { OWN_PROXY_PATH } from './ownProxyPing';
import type { SidecarState } from './sidecarState';

// The supervisor with the real CLIProxyAPI (built by scripts/real-proxy/build.sh): real processes, real signals,
// real ports on loopback. Each test has its own folder, port and supervisor, so they run side by side.

const ACCESS_KEY = 'managed-test-access-key';

async function supervise(cleanups: Cleanups, overrides: Partial<ManagedProxyOptions> = {}) {
  const binary = realProxyBinary();
  if (!binary.ok) throw new Error(binary.reason);
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-managed-'));
  const logger = new RecordingLogger();
  const lines = logger.lines;
  const proxy = new ManagedProxy({
    binaryPath: binary.path,
    workDir: join(dir, 'run'),
    authDir: join(dir, 'auth'),
    accessKey: ACCESS_KEY,
    preferredPort: await freePort(),
    logger,
    freePort,
    random: () => 0,
    policy: { baseDelayMs: 200, maxDelayMs: 1_000, maxCrashes: 3, windowMs: 60_000 },
    timing: { heartbeatMs: 1_000 },
    // The proxy's own fetches from the internet die on a closed loopback port.
    env: { ...process.env, ...NO_EGRESS },
    ...overrides,
  });
  const states: SidecarState[] = [];
  proxy.state.onDidChange((s) => states.push(s));
  cleanups.push(async () => {
    await proxy.stop();
    proxy.dispose();
    await rm(dir, { recursive: true, force: true });
  });
  return { proxy, states, lines, dir };
}

const stateOf = (proxy: ManagedProxy) => proxy.state.current.state;

describeRealOnly('the managed CLIProxyAPI', () => {
  test.concurrent(
    'starts on loopback with its own key, stays up on the heartbeat, and stops on request',
    isolated(async (cleanups, expect) => {
      const { proxy, states, lines } = await supervise(cleanups);
      await proxy.start();
      expect(proxy.state.current).toMatchObject({ state: 'healthy', pid: expect.any(Number) });
      const models = await fetch(`${proxy.url}/v1/models`, { headers: { Authorization: `Bearer ${ACCESS_KEY}` } });
      expect(models.status).toBe(200);
      expect((await fetch(`${proxy.url}/v1/models`)).status).toBe(401);
      // Several heartbeats later: still the same process, still ours.
      const pid = proxy.pid;
      await expect
        .poll(() => lines.filter((line) => line.includes('/v0/management/debug')).length, { timeout: 10_000 })
        .toBeGreaterThan(2);
      expect(proxy.pid).toBe(pid);
      expect(stateOf(proxy)).toBe('healthy');

      await proxy.stop();
      expect(states.map((s) => s.state)).toEqual(['starting', 'healthy', 'stopped']);
      expect(() => process.kill(pid ?? 0, 0)).toThrow(); // the process is gone
      expect(lines.join('\n')).not.toContain(ACCESS_KEY);
    }),
    40_000,
  );

  test.concurrent(
    'writes its config readable by the user only',
    isolated(async (cleanups, expect) => {
      const { proxy, dir } = await supervise(cleanups);
      await proxy.start();
      const mode = (await stat(join(dir, 'run', 'config.yaml'))).mode & 0o777;
      expect(mode).toBe(0o600);
    }),
  );

  test.concurrent(
    'kill -9: it backs off, then runs again as a new process',
    isolated(async (cleanups, expect) => {
      const { proxy, states } = await supervise(cleanups);
      await proxy.start();
      const first = proxy.pid;
      process.kill(first ?? 0, 'SIGKILL');
      await expect.poll(() => proxy.pid !== first && stateOf(proxy) === 'healthy', { timeout: 20_000 }).toBe(true);
      // A heartbeat may fail between the kill and the exit event: then it was briefly unhealthy, which is true.
      const path = states.map((s) => s.state).filter((s) => s !== 'unhealthy');
      expect(path).toEqual(['starting', 'healthy', 'backoff', 'starting', 'healthy']);
      expect(states.find((s) => s.state === 'backoff')).toMatchObject({
        reason: 'CLIProxyAPI exited (signal SIGKILL).',
      });
    }),
    30_000,
  );

  test.concurrent(
    'three crashes in the window: it gives up and says why',
    isolated(async (cleanups, expect) => {
      const { proxy } = await supervise(cleanups);
      await proxy.start();
      for (let crash = 1; crash <= 3; crash++) {
        await expect.poll(() => stateOf(proxy), { timeout: 20_000 }).toBe('healthy');
        process.kill(proxy.pid ?? 0, 'SIGKILL');
        await expect.poll(() => stateOf(proxy), { timeout: 20_000 }).not.toBe('healthy');
      }
      await expect.poll(() => stateOf(proxy), { timeout: 20_000 }).toBe('failed');
      expect(proxy.state.current).toMatchObject({
        reason: expect.stringContaining('CLIProxyAPI stopped 3 times within 60 s'),
      });
      // A user's Restart starts over.
      await proxy.start();
      expect(stateOf(proxy)).toBe('healthy');
    }),
    60_000,
  );

  test.concurrent(
    'its port is taken: it moves to a free one',
    isolated(async (cleanups, expect) => {
      const taken = await freePort();
      // Another program on the port, which hangs up on whoever connects.
      const blocker: Server = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
      const { proxy, states } = await supervise(cleanups, { preferredPort: taken });
      await proxy.start();

      expect(stateOf(proxy)).toBe('healthy');
      expect(proxy.url).not.toBe(`http://127.0.0.1:${taken}`);
      expect(states.filter((s) => s.state === 'starting')).toHaveLength(2);
    }),
    30_000,
  );

  test.concurrent(
    'when its checks stop getting through it turns unhealthy, and healthy again once they do',
    isolated(async (cleanups, expect) => {
      let blockChecks = false;
      const blocking: FetchLike = (input, init) =>
        blockChecks && String(input).endsWith(OWN_PROXY_PATH)
          ? Promise.reject(new Error('check blocked by the test'))
          : fetch(input, init);
      const { proxy } = await supervise(cleanups, { fetch: blocking });
      await proxy.start();
      const first = proxy.pid;
      blockChecks = true;
      await expect.poll(() => stateOf(proxy), { timeout: 5_000 }).toBe('unhealthy');
      blockChecks = false;
      await expect.poll(() => stateOf(proxy), { timeout: 5_000 }).toBe('healthy');
      expect(proxy.pid).toBe(first);
    }),
    30_000,
  );

  test.concurrent(
    'its management secret is not on its command line, and its management API takes it',
    isolated(async (cleanups, expect) => {
      let secret = '';
      const { proxy } = await supervise(cleanups, {
        onReady: (ready) => {
          secret = ready.password;
        },
      });
      await proxy.start();
      expect(secret).toMatch(/^[0-9a-f]{48}$/);
      // What every local account can read: the process's command line.
      const argv = (await readFile(`/proc/${proxy.pid}/cmdline`, 'utf8')).split('\0');
      expect(argv).toContain('-config');
      expect(argv.join(' ')).not.toContain(secret);
      expect(argv).not.toContain('-password');
      // Where it is instead: the environment, which only this account (and root) can read.
      expect((await readFile(`/proc/${proxy.pid}/environ`, 'utf8')).split('\0')).toContain(
        `MANAGEMENT_PASSWORD=${secret}`,
      );
      expect((await stat(`/proc/${proxy.pid}/environ`)).mode & 0o077).toBe(0);
      const logins = await fetch(`${proxy.url}/v0/management/auth-files`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
      expect(logins.status).toBe(200);
      expect(await logins.json()).toEqual({ files: [] });
      const wrong = await fetch(`${proxy.url}/v0/management/auth-files`, {
        headers: { Authorization: 'Bearer not-the-secret' },
      });
      expect(wrong.status).toBe(401);
    }),
    30_000,
  );

  test.concurrent(
    'keeps no copy of a failed request on disk: the prompt of a call that fails is nowhere in its folders',
    isolated(async (cleanups, expect) => {
      const { proxy, dir } = await supervise(cleanups);
      await proxy.start();
      const marker = `prompt-that-must-not-be-stored-${process.pid}`;
      const failed = await fetch(`${proxy.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ACCESS_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'no-such-model', stream: true, messages: [{ role: 'user', content: marker }] }),
      });
      expect(failed.status).toBeGreaterThanOrEqual(400);
      await failed.text();
      // Once the process has exited, whatever it meant to write is written.
      await proxy.stop();
      expect(await filesContaining(dir, marker)).toEqual([]);
    }),
    30_000,
  );
});

/** Every file under `root` whose bytes contain `text`. */
async function filesContaining(root: string, text: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const hits: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(text)) hits.push(path);
  }
  return hits;
}
