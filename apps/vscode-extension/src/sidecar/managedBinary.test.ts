import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileDigests, PINNED_VERSION, type ReleaseAsset, sha256OfFile } from '@roundtable/sidecar/managed';
import { memoryHashes } from '@roundtable/sidecar/managed/testing';
import { afterEach, describe, expect, test } from 'vitest';
import type { ManagedSidecarDeps } from './managedApi';
import { verifiedInstall } from './managedBinary';

// The command line a terminal sign-in runs names the installed binary only while it is the one Roundtable installed.

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const asset: ReleaseAsset = { name: 'test.tar.gz', sha256: '0'.repeat(64), kind: 'tar.gz', binary: 'cli-proxy-api' };

async function installed() {
  const storageDir = await mkdtemp(join(tmpdir(), 'roundtable-installed-'));
  cleanup.push(() => rm(storageDir, { recursive: true, force: true }));
  const binary = join(storageDir, 'cliproxyapi', PINNED_VERSION, asset.binary);
  await mkdir(join(storageDir, 'cliproxyapi', PINNED_VERSION), { recursive: true });
  await writeFile(binary, 'the installed binary');
  return { deps: { storageDir } as ManagedSidecarDeps, binary, hashes: memoryHashes() };
}

describe('verifiedInstall', () => {
  test('names the installed binary when its hash is the one recorded at install', async () => {
    const { deps, binary, hashes } = await installed();
    await hashes.set(PINNED_VERSION, await sha256OfFile(binary));
    expect(await verifiedInstall(deps, asset, hashes, new FileDigests())).toBe(binary);
  });

  test('names nothing for a binary whose hash was never recorded, or that changed since', async () => {
    const { deps, binary, hashes } = await installed();
    expect(await verifiedInstall(deps, asset, hashes, new FileDigests())).toBeUndefined();
    await hashes.set(PINNED_VERSION, await sha256OfFile(binary));
    await writeFile(binary, 'another binary');
    expect(await verifiedInstall(deps, asset, hashes, new FileDigests())).toBeUndefined();
  });
});
