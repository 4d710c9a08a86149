import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bundleForChild,
  type Cleanups,
  describeRealOnly,
  isolated,
  realProxyBinary,
  removeChildBundle,
} from '@roundtable/testkit';
import { afterAll, beforeAll, type ExpectStatic, test } from 'vitest';
import { processIsAlive } from '../../fs/processAlive';

// The real CLIProxyAPI under the watchdog, started by a window in a child process (an extension host), which is then
// killed or frozen with nobody else to stop its proxy: the watchdog must.

let worker = '';
let watchdog = '';
beforeAll(async () => {
  [worker, watchdog] = await Promise.all([
    bundleForChild(join(__dirname, '../../../test/sharedProxyWorker.ts')),
    bundleForChild(join(__dirname, 'proxyWatchdog.ts')),
  ]);
});
afterAll(async () => {
  await Promise.all([removeChildBundle(worker), removeChildBundle(watchdog)]);
});

/** The only window runs its proxy under the watchdog in a child process; resolves with the process and the proxy's pid. */
async function onlyWindow(cleanups: Cleanups, expect: ExpectStatic, ttlMs: number) {
  const binary = realProxyBinary();
  if (!binary.ok) throw new Error(binary.reason);
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-watchdog-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const args = [worker, join(dir, 'lease.json'), dir, binary.path, 'window-only', String(ttlMs), watchdog];
  const host: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let proxy = 0;
  cleanups.push(async () => {
    host.kill('SIGKILL');
    if (proxy && processIsAlive(proxy)) process.kill(proxy, 'SIGKILL');
  });
  host.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      const status = JSON.parse(line) as { pid?: number };
      if (status.pid) proxy = status.pid;
    }
  });
  await expect.poll(() => proxy, { timeout: 30_000 }).toBeGreaterThan(0);
  // The pid a healthy proxy reports is CLIProxyAPI's own, not the watchdog's.
  expect(commandOf(proxy)).toContain(binary.path);
  return { host, proxy };
}

describeRealOnly('the proxy ends with the window that started it', () => {
  test.concurrent(
    'SIGKILL of the only extension host: its proxy ends within 30 s',
    isolated(async (cleanups, expect) => {
      const { host, proxy } = await onlyWindow(cleanups, expect, 15_000);
      host.kill('SIGKILL');
      const killedAt = Date.now();
      await expect.poll(() => isRunning(proxy), { timeout: 30_000, interval: 100 }).toBe(false);
      expect(Date.now() - killedAt).toBeLessThan(30_000);
    }),
    90_000,
  );

  test.concurrent(
    'a frozen extension host stops renewing its lease: its proxy ends once the lease runs out',
    isolated(async (cleanups, expect) => {
      const ttlMs = 2_000;
      const { host, proxy } = await onlyWindow(cleanups, expect, ttlMs);
      host.kill('SIGSTOP');
      cleanups.push(async () => {
        host.kill('SIGCONT');
      });
      const stoppedAt = Date.now();
      await expect.poll(() => isRunning(proxy), { timeout: 30_000, interval: 100 }).toBe(false);
      // At most: the lease's time left, a look at it, and the proxy's SIGTERM grace.
      expect(Date.now() - stoppedAt).toBeLessThan(ttlMs + 200 + 5_000 + 3_000);
    }),
    90_000,
  );
});

/** Alive and not a zombie. */
function isRunning(pid: number): boolean {
  if (!processIsAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
