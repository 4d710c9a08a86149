import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { create } from 'tar';
import type { ReleaseAsset } from '../pinnedRelease';
import type { InstalledHashes } from './prepareFromRelease';

/** An archive a test made, with the asset entry that pins it. */
export interface TestArchive {
  asset: ReleaseAsset;
  bytes: Uint8Array;
}

/** A tar.gz or zip holding `binary` at its root under `asset.binary`, plus a README, as the real release does. */
export async function makeArchive(
  kind: 'tar.gz' | 'zip',
  binary: Uint8Array,
  binaryName = 'cli-proxy-api',
): Promise<TestArchive> {
  const name = `CLIProxyAPI_test_${kind === 'zip' ? 'windows_amd64.zip' : 'linux_amd64.tar.gz'}`;
  let bytes: Uint8Array;
  if (kind === 'zip') {
    bytes = zipSync({ [binaryName]: binary, 'README.md': new TextEncoder().encode('readme') });
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'roundtable-archive-'));
    try {
      await writeFile(join(dir, binaryName), binary);
      await chmod(join(dir, binaryName), 0o755);
      await writeFile(join(dir, 'README.md'), 'readme');
      await create({ gzip: true, file: join(dir, 'out.tar.gz'), cwd: dir, portable: true }, [binaryName, 'README.md']);
      bytes = new Uint8Array(await readFile(join(dir, 'out.tar.gz')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { asset: { name, sha256, kind, binary: binaryName }, bytes };
}

/** A release server on 127.0.0.1 serving `files` by name; it records every path asked for. */
export async function startReleaseServer(files: Record<string, Uint8Array>) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const name = (req.url ?? '').split('/').at(-1) ?? '';
    const body = files[name];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.byteLength) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/download/v-test`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Installed binaries' hashes kept in memory, as the editor's secret storage keeps them. */
export function memoryHashes(): InstalledHashes & { readonly saved: Map<string, string> } {
  const saved = new Map<string, string>();
  return {
    saved,
    get: async (version) => saved.get(version),
    set: async (version, sha256) => void saved.set(version, sha256),
  };
}

/**
 * The pinned-release options a test uses for `archive` served by `server`: consent given, platform "test-x64", the
 * installed binary's hash kept in memory.
 */
export function loopbackRelease(storageDir: string, server: { baseUrl: string }, archive: Pick<TestArchive, 'asset'>) {
  return {
    storageDir,
    hashes: memoryHashes(),
    platform: 'test',
    arch: 'x64',
    consent: async () => true,
    signal: new AbortController().signal,
    baseUrl: server.baseUrl,
    assets: { 'test-x64': archive.asset },
  };
}
