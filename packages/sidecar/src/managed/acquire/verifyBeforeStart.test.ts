import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLogger } from '@roundtable/core/testing';
import { afterEach, describe, expect, test } from 'vitest';
import { freeLoopbackPort } from '../freeLoopbackPort';
import { ManagedProxy } from '../ManagedProxy';
import { nodeSpawner, type ProcessSpawner } from '../processPort';
import { FileDigests, sha256OfFile } from './fileDigests';
import { prepareFromRelease } from './prepareFromRelease';
import { loopbackRelease, makeArchive, memoryHashes, startReleaseServer } from './releaseServer.testing';

// The installed binary is hashed again before every start, with real files and real processes: a stand-in binary
// (a script that exits at once, so every start is a crash) is installed from a loopback release, restarted without
// being read again, then replaced on disk, and refused before it runs.

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const INSTALLED = new TextEncoder().encode('#!/bin/sh\necho "CLIProxyAPI Version: test"\nexit 3\n');
/** Leaves a mark in its working folder if it ever runs. */
const REPLACEMENT = '#!/bin/sh\ntouch "$PWD/replacement-ran"\nexit 3\n';

async function setup(hashes = memoryHashes()) {
  const archive = await makeArchive('tar.gz', INSTALLED);
  const server = await startReleaseServer({ [archive.asset.name]: archive.bytes });
  cleanup.push(server.close);
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-verify-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const read: string[] = [];
  const digests = new FileDigests((path) => {
    read.push(path);
    return sha256OfFile(path);
  });
  let consents = 0;
  const spawned: string[] = [];
  const spawner: ProcessSpawner = (command, args, options) => {
    spawned.push(command);
    return nodeSpawner(command, args, options);
  };
  const logger = new RecordingLogger();
  const workDir = join(dir, 'run');
  const proxy = new ManagedProxy({
    binaryPath: prepareFromRelease({
      ...loopbackRelease(dir, server, archive),
      hashes,
      digests,
      consent: async () => {
        consents += 1;
        return true;
      },
    }),
    workDir,
    authDir: join(dir, 'auth'),
    accessKey: 'verify-test-key',
    preferredPort: 0,
    logger,
    freePort: freeLoopbackPort,
    spawner,
    random: () => 0,
    // Two crashes and it gives up: a start is one launch and one restart after the crash.
    policy: { baseDelayMs: 2, maxDelayMs: 4, maxCrashes: 2, windowMs: 60_000 },
    timing: { readyTimeoutMs: 5_000 },
  });
  cleanup.push(async () => {
    await proxy.stop();
    proxy.dispose();
  });
  const binary = join(dir, 'cliproxyapi', '7.2.140', 'cli-proxy-api');
  return { proxy, server, hashes, read, spawned, logger, workDir, binary, consents: () => consents, dir };
}

const settled = async (proxy: ManagedProxy) => {
  await expect.poll(() => proxy.state.current.state, { timeout: 15_000 }).toBe('failed');
  return proxy.state.current.state === 'failed' ? proxy.state.current.reason : '';
};

describe('the managed binary is checked before every start', () => {
  test('installed and hashed once; a restart of the unchanged binary does not read it again', async () => {
    const { proxy, hashes, read, spawned, binary } = await setup();
    await proxy.start();
    expect(await settled(proxy)).toContain('exited');
    expect(spawned).toEqual([binary, binary]); // the first launch and the restart after its crash
    expect(read).toEqual([binary]); // hashed before the first launch only
    expect(hashes.saved.get('7.2.140')).toBe(await sha256OfFile(binary));
  }, 20_000);

  test('a binary replaced after it was installed is refused before it starts, removed, and downloaded again on the next start', async () => {
    const { proxy, server, read, spawned, logger, workDir, binary, consents, dir } = await setup();
    await proxy.start();
    await settled(proxy);
    const launches = spawned.length;

    // Replaced the way an installer or an attacker would: a new file renamed over it.
    await writeFile(join(dir, 'swap'), REPLACEMENT, { mode: 0o755 });
    await rename(join(dir, 'swap'), binary);
    await proxy.start();
    const reason = await settled(proxy);
    expect(reason).toContain('changed after Roundtable installed it');
    expect(reason).toContain('Restarting downloads the pinned release again');
    expect(spawned).toHaveLength(launches); // never spawned
    expect(existsSync(join(workDir, 'replacement-ran'))).toBe(false);
    expect(existsSync(binary)).toBe(false); // removed, so nothing can start it
    expect(read).toEqual([binary, binary]); // its changed identity made it read again
    expect(logger.lines.some((line) => line.includes('changed after Roundtable installed it'))).toBe(true);

    // The way out: Restart asks again and downloads the pinned release.
    await proxy.start();
    await settled(proxy);
    expect(consents()).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(spawned.length).toBeGreaterThan(launches);
  }, 30_000);

  test('an installed binary whose hash was never recorded is not trusted: it is downloaded again', async () => {
    const first = await setup();
    await first.proxy.start();
    await settled(first.proxy);
    first.hashes.saved.clear(); // as after an update from a version that kept no hash
    await first.proxy.start();
    await settled(first.proxy);
    expect(first.consents()).toBe(2);
    expect(first.server.requests).toHaveLength(2);
    expect(first.hashes.saved.get('7.2.140')).toBe(await sha256OfFile(first.binary));
  }, 30_000);

  test('a record that cannot be kept is a failed start that says why, not a binary run unchecked', async () => {
    const failing = { ...memoryHashes(), set: () => Promise.reject(new Error('secret storage is unavailable')) };
    const { proxy, spawned } = await setup(failing);
    await proxy.start();
    expect(await settled(proxy)).toBe('CLIProxyAPI could not be prepared: secret storage is unavailable');
    expect(spawned).toEqual([]);
  }, 20_000);
});
