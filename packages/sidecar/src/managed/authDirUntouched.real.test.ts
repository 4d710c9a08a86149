import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { RecordingLogger } from '@roundtable/core/testing';
import { describeRealOnly, NO_EGRESS, realProxyBinary } from '@roundtable/testkit';
import { afterEach, expect, test } from 'vitest';
import { prepareFromRelease } from './acquire/prepareFromRelease';
import { loopbackRelease, makeArchive, startReleaseServer } from './acquire/releaseServer.testing';
import { freeLoopbackPort } from './freeLoopbackPort';
import { ProxyLease } from './lease/ProxyLease';
import { SharedProxy } from './lease/SharedProxy';
import { ManagedProxy } from './ManagedProxy';
import { ManagementClient, runLogin } from './management';

// Roundtable never opens a file in the proxy's auth-dir (where login tokens live). This test runs every managed
// path in this process (download, install, start, lease, heartbeat, a sign-in, stop) while Node's file-opening
// functions record each path opened, and checks that none is in the auth-dir. The proxy, another process, reads it.

const require = createRequire(import.meta.url);
const fs = require('node:fs') as typeof import('node:fs');
const opened: string[] = [];
const restore: (() => void)[] = [];

/** Wraps `name` of `target` so every call records its first argument as a path, then does what it did. */
function record(target: Record<string, unknown>, name: string): void {
  const original = target[name] as (...args: unknown[]) => unknown;
  target[name] = function (this: unknown, ...args: unknown[]) {
    const path = args[0];
    if (typeof path === 'string' || path instanceof URL)
      opened.push(resolve(String(path instanceof URL ? path.pathname : path)));
    return original.apply(this, args);
  };
  restore.push(() => {
    target[name] = original;
  });
}

function guard(): void {
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const name of ['open', 'readFile']) record(promises, name);
  for (const name of ['open', 'openSync', 'readFile', 'readFileSync', 'createReadStream'])
    record(fs as unknown as Record<string, unknown>, name);
  syncBuiltinESMExports();
}

afterEach(() => {
  for (const undo of restore.splice(0)) undo();
  syncBuiltinESMExports();
});

describeRealOnly('the auth-dir', () => {
  test('is never opened by Roundtable, on any managed path', async () => {
    const binary = realProxyBinary();
    if (!binary.ok) throw new Error(binary.reason);
    const archive = await makeArchive('tar.gz', new Uint8Array(await readFile(binary.path)));
    const server = await startReleaseServer({ [archive.asset.name]: archive.bytes });
    const storageDir = await mkdtemp(join(tmpdir(), 'roundtable-authdir-'));
    const root = join(storageDir, 'cliproxyapi');
    const authDir = join(root, 'auth');
    await mkdir(authDir, { recursive: true });
    await writeFile(join(authDir, 'claude-someone@example.com.json'), '{"type":"claude","access_token":"canary"}');
    let password = '';
    const shared = new SharedProxy({
      lease: new ProxyLease({ path: join(root, 'lease.json'), owner: 'only-window' }),
      passwords: {
        get: async () => password,
        set: async (value) => {
          password = value;
        },
      },
      logger: new RecordingLogger(),
      tickMs: 200,
      createSupervisor: (onReady) =>
        new ManagedProxy({
          binaryPath: prepareFromRelease(loopbackRelease(storageDir, server, archive)),
          workDir: join(root, 'run'),
          authDir,
          accessKey: 'authdir-key',
          preferredPort: 0,
          freePort: freeLoopbackPort,
          logger: new RecordingLogger(),
          env: { ...process.env, ...NO_EGRESS },
          onReady,
        }),
    });
    guard();
    try {
      await shared.start();
      await expect
        .poll(() => shared.status.role === 'owner' && shared.status.state.state, { timeout: 30_000 })
        .toBe('healthy');
      await new Promise((r) => setTimeout(r, 1_000)); // a few heartbeats and lease renewals
      const management = new ManagementClient(
        () => shared.url,
        async () => password,
      );
      const controller = new AbortController();
      const login = await runLogin(management, 'antigravity', {
        open: () => void setTimeout(() => controller.abort(), 200),
        signal: controller.signal,
        pollMs: 50,
      });
      expect(login.kind).toBe('cancelled');
      await shared.stop();

      const inAuthDir = opened.filter((path) => path === authDir || path.startsWith(authDir + sep));
      expect(inAuthDir).toEqual([]);
      expect(opened.some((path) => path.startsWith(root))).toBe(true); // the recording saw this run's files
      // And it would have seen a read there:
      await readFile(join(authDir, 'claude-someone@example.com.json'), 'utf8');
      expect(opened.filter((path) => path.startsWith(authDir + sep))).toHaveLength(1);
    } finally {
      await shared.stop();
      await server.close();
      await rm(storageDir, { recursive: true, force: true });
    }
  }, 60_000);
});
