import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLogger } from '@roundtable/core/testing';
import { describeRealOnly, freePort, NO_EGRESS, realProxyBinary } from '@roundtable/testkit';
import { expect, test } from 'vitest';
import { ManagedProxy } from '../ManagedProxy';
import { prepareFromRelease } from './prepareFromRelease';
import { loopbackRelease, makeArchive, startReleaseServer } from './releaseServer.testing';

// The whole managed path with real parts: a release server on loopback serves an archive holding the real binary
// (its SHA-256 pinned for the test), which is downloaded, verified, extracted, started and found ready.

describeRealOnly('a release downloaded from loopback', () => {
  test('is verified, installed, and runs as a healthy managed proxy', async () => {
    const binary = realProxyBinary();
    if (!binary.ok) throw new Error(binary.reason);
    const archive = await makeArchive('tar.gz', new Uint8Array(await readFile(binary.path)));
    const server = await startReleaseServer({ [archive.asset.name]: archive.bytes });
    const storageDir = await mkdtemp(join(tmpdir(), 'roundtable-acquire-real-'));
    let proxy: ManagedProxy | undefined;
    try {
      proxy = new ManagedProxy({
        binaryPath: prepareFromRelease(loopbackRelease(storageDir, server, archive)),
        workDir: join(storageDir, 'run'),
        authDir: join(storageDir, 'auth'),
        accessKey: 'acquired-key',
        preferredPort: await freePort(),
        logger: new RecordingLogger(),
        freePort,
        env: { ...process.env, ...NO_EGRESS },
      });
      const states: string[] = [];
      proxy.state.onDidChange((s) => states.push(s.state));
      await proxy.start();
      expect(proxy.state.current.state).toBe('healthy');
      expect([...new Set(states)]).toEqual(['downloading', 'verifying', 'starting', 'healthy']);
      const models = await fetch(`${proxy.url}/v1/models`, { headers: { Authorization: 'Bearer acquired-key' } });
      expect(models.status).toBe(200);
    } finally {
      await proxy?.stop();
      await server.close();
      await rm(storageDir, { recursive: true, force: true });
    }
  }, 60_000);
});
