import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLogger } from '@roundtable/core/testing';
import {
  bundleForChild,
  type Cleanups,
  describeRealOnly,
  isolated,
  realProxyBinary,
  removeChildBundle,
} from '@roundtable/testkit';
import { afterAll, beforeAll, type ExpectStatic, test } from 'vitest';
import { sharedWindow } from '../../../test/sharedWindow';
import { processIsAlive } from '../../fs/processAlive';
import { ProxyLease } from './ProxyLease';
import type { SharedProxy } from './SharedProxy';

// Several windows sharing one proxy, with the real binary: windows in this process, and one in a child process
// that is killed like a crashed extension host.

let worker = '';
beforeAll(async () => {
  worker = await bundleForChild(join(__dirname, '../../../test/sharedProxyWorker.ts'));
});
afterAll(async () => {
  await removeChildBundle(worker);
});

async function world(cleanups: Cleanups) {
  const binary = realProxyBinary();
  if (!binary.ok) throw new Error(binary.reason);
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-shared-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const leasePath = join(dir, 'proxy-lease.json');
  const logs = new Map<string, RecordingLogger>();
  const window = (owner: string) => {
    const logger = new RecordingLogger();
    logs.set(owner, logger);
    const shared = sharedWindow({ leasePath, dir, binaryPath: binary.path, owner, logger });
    cleanups.push(() => shared.stop());
    return shared;
  };
  return { dir, leasePath, binary: binary.path, window, logs };
}

const healthyPid = (shared: SharedProxy) =>
  shared.status.role === 'owner' && shared.status.state.state === 'healthy' ? shared.status.state.pid : undefined;

describeRealOnly('one proxy for all windows', () => {
  test.concurrent(
    'a second window attaches to the first one’s proxy instead of starting its own, and takes over when it closes',
    isolated(async (cleanups, expect) => {
      const { window } = await world(cleanups);
      const first = window('window-a');
      await first.start();
      await expect.poll(() => healthyPid(first), { timeout: 20_000 }).toBeDefined();
      const firstPid = healthyPid(first);

      const second = window('window-b');
      await second.start();
      await expect.poll(() => second.status, { timeout: 10_000 }).toMatchObject({ role: 'attached', ok: true });
      expect(second.url).toBe(first.url);
      expect(second.supervisorForOwner).toBeUndefined();

      await first.stop(); // the window closes: its proxy stops and the lease is released
      expect(processIsAlive(firstPid ?? 0)).toBe(false);
      await expect.poll(() => healthyPid(second), { timeout: 20_000 }).toBeDefined();
      expect(healthyPid(second)).not.toBe(firstPid);
    }),
    60_000,
  );

  test.concurrent(
    'a window closed while it is still starting the proxy leaves neither a proxy running nor a lease behind',
    isolated(async (cleanups, expect) => {
      const { window, leasePath } = await world(cleanups);
      const closing = window('window-closing');
      const pids: number[] = [];
      closing.onDidChange((status) => {
        if (status.role === 'owner' && status.state.state === 'healthy' && status.state.pid)
          pids.push(status.state.pid);
      });
      const started = closing.start();
      await closing.stop(); // while its first look (claim, start) is under way
      await started;
      expect(closing.status).toEqual({ role: 'none' });
      expect(closing.supervisorForOwner).toBeUndefined();
      expect(await new ProxyLease({ path: leasePath, owner: 'reader' }).read()).toBeUndefined();
      for (const pid of pids) expect(processIsAlive(pid)).toBe(false);
    }),
    60_000,
  );

  test.concurrent(
    'when the owner’s process dies, another window runs the proxy within seconds, and the old one is gone',
    isolated(async (cleanups, expect) => {
      const { survivor, orphan, leasePath } = await ownerInAnotherProcess(cleanups, expect, 'SIGKILL', 15_000);
      expect(isRunning(orphan)).toBe(false); // never two proxies on one auth-dir
      // The lease names the new proxy once its password is stored (just after it is ready).
      const reader = new ProxyLease({ path: leasePath, owner: 'reader' });
      await expect
        .poll(() => reader.read(), { timeout: 5_000 })
        .toMatchObject({ owner: 'window-survivor', proxyPid: healthyPid(survivor) });
    }),
    60_000,
  );

  test.concurrent(
    'when the owner hangs, its lease runs out, and the next window stops the proxy it left before starting its own',
    isolated(async (cleanups, expect) => {
      const { orphan, logs } = await ownerInAnotherProcess(cleanups, expect, 'SIGSTOP', 2_000);
      expect(isRunning(orphan)).toBe(false);
      expect(logs.get('window-survivor')?.lines).toContain(
        `info: Stopping the proxy the previous window left running (pid ${orphan}) before starting one here.`,
      );
    }),
    60_000,
  );
});

/**
 * Starts an owner window in a child process and a survivor window here, attached to it; then `signal`s the owner
 * (SIGKILL: a crash; SIGSTOP: a hang) and waits until the survivor runs a proxy of its own, within seconds.
 */
async function ownerInAnotherProcess(
  cleanups: Cleanups,
  expect: ExpectStatic,
  signal: 'SIGKILL' | 'SIGSTOP',
  ttlMs: number,
) {
  const { dir, leasePath, binary, window, logs } = await world(cleanups);
  const child: ChildProcess = spawn(process.execPath, [worker, leasePath, dir, binary, 'window-owner', String(ttlMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    child.kill('SIGKILL');
  });
  let orphan = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      const status = JSON.parse(line) as { pid?: number };
      if (status.pid) orphan = status.pid;
    }
  });
  await expect.poll(() => orphan, { timeout: 20_000 }).toBeGreaterThan(0);
  const survivor = window('window-survivor');
  await survivor.start();
  await expect.poll(() => survivor.status, { timeout: 10_000 }).toMatchObject({ role: 'attached', ok: true });

  child.kill(signal);
  const signalledAt = Date.now();
  await expect.poll(() => healthyPid(survivor), { timeout: 30_000 }).toBeDefined();
  expect(Date.now() - signalledAt).toBeLessThan(15_000);
  expect(healthyPid(survivor)).not.toBe(orphan);
  return { survivor, orphan, leasePath, logs };
}

/** Alive and not a zombie (a killed process whose parent is gone or stopped may linger as one; it holds nothing). */
function isRunning(pid: number): boolean {
  if (!processIsAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}
