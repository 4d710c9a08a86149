import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForChild, type Cleanups, isolated, removeChildBundle } from '@roundtable/testkit';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { processIsAlive } from '../../fs/processAlive';
import type { SpawnedProcess } from '../processPort';
import { watchedSpawner } from './watchedSpawner';

// The spawner and the watchdog program together, over a stand-in for the proxy: a Node process that prints a line,
// writes nothing after that, and says which signal ended it.

let watchdog = '';
beforeAll(async () => {
  watchdog = await bundleForChild(join(__dirname, 'proxyWatchdog.ts'));
});
afterAll(() => removeChildBundle(watchdog));

const STAND_IN = [
  "process.on('SIGTERM', () => { console.log('got SIGTERM'); process.exit(3); });",
  "console.log('listening');",
  'setInterval(() => {}, 1000);',
].join('\n');

async function start(cleanups: Cleanups, lease?: { path: string; owner: string }) {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-watched-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const spawner = watchedSpawner({
    nodePath: process.execPath,
    script: watchdog,
    pollMs: 50,
    graceMs: 1_000,
    ...(lease ? { lease } : {}),
  });
  const child = spawner(process.execPath, ['-e', STAND_IN], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
  let output = '';
  child.onOutput((text) => {
    output += text;
  });
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await child.exited;
  });
  return { child, dir, output: () => output };
}

const started = (child: SpawnedProcess, output: () => string) => () =>
  child.pid !== undefined && output().includes('listening');

describe('a process under the watchdog', () => {
  test(
    'reports the process’s own pid and output, and its exit as the process exited when asked to stop',
    isolated(async (cleanups, expect) => {
      const { child, output } = await start(cleanups);
      await expect.poll(started(child, output), { timeout: 10_000 }).toBe(true);
      const pid = child.pid as number;
      expect(processIsAlive(pid)).toBe(true);
      child.kill('SIGTERM');
      expect(await child.exited).toEqual({ code: 3, signal: null });
      expect(output()).toContain('got SIGTERM');
      expect(processIsAlive(pid)).toBe(false);
    }),
    20_000,
  );

  test(
    'SIGKILL is passed on: the exit says so',
    isolated(async (cleanups, expect) => {
      const { child, output } = await start(cleanups);
      await expect.poll(started(child, output), { timeout: 10_000 }).toBe(true);
      child.kill('SIGKILL');
      expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    }),
    20_000,
  );

  test(
    'another window taking the lease stops it, saying why',
    isolated(async (cleanups, expect) => {
      const dir = await mkdtemp(join(tmpdir(), 'roundtable-lease-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const path = join(dir, 'lease.json');
      const lease = (owner: string) =>
        writeFile(
          path,
          JSON.stringify({
            owner,
            ownerPid: process.pid,
            host: 'h',
            port: 1,
            proxyPid: 1,
            expiresAt: Date.now() + 60_000,
          }),
        );
      await lease('window-a');
      const { child, output } = await start(cleanups, { path, owner: 'window-a' });
      await expect.poll(started(child, output), { timeout: 10_000 }).toBe(true);
      await lease('window-b');
      expect(await child.exited).toEqual({ code: 3, signal: null });
      expect(output()).toContain("Roundtable's watchdog stops CLIProxyAPI: another window holds the proxy lease.");
    }),
    20_000,
  );

  test(
    'a command that cannot start is an exit with why, not a hang',
    isolated(async (_cleanups, expect) => {
      const spawner = watchedSpawner({ nodePath: process.execPath, script: watchdog });
      const child = spawner(join(tmpdir(), 'no-such-proxy-binary'), [], { cwd: tmpdir(), env: {} });
      const exit = await child.exited;
      expect(exit.code).toBeNull();
      expect(exit.error).toMatch(/ENOENT/);
    }),
    20_000,
  );
});
