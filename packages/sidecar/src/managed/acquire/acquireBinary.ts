import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FetchLike } from '@roundtable/core/ports';
import { compareVersions } from '../../versions';
import { assetFor, PINNED_VERSION, RELEASE_BASE_URL, type ReleaseAsset } from '../pinnedRelease';
import { downloadVerified } from './downloadVerified';
import { extractBinary } from './extractBinary';
import { sha256OfFile } from './fileDigests';

/** What the user agrees to before anything is fetched. */
export interface ConsentRequest {
  version: string;
  url: string;
  sha256: string;
}

export interface AcquireOptions {
  /** Roundtable's own storage folder; binaries go to `<storageDir>/cliproxyapi/<version>/`. */
  storageDir: string;
  platform: string;
  arch: string;
  /** Asked before any network access; false means nothing is downloaded. */
  consent: (request: ConsentRequest) => Promise<boolean>;
  signal: AbortSignal;
  onStage?: (
    stage: { stage: 'downloading'; receivedBytes: number; totalBytes?: number } | { stage: 'verifying' },
  ) => void;
  fetch?: FetchLike;
  /** Tests serve the release from loopback, with the hashes of their own archives. */
  baseUrl?: string;
  assets?: Readonly<Record<string, ReleaseAsset>>;
}

export type AcquireResult =
  /** `sha256` is the installed binary's own hash, taken from the bytes of the verified archive. */
  | { ok: true; binaryPath: string; downloaded: true; sha256: string }
  | { ok: true; binaryPath: string; downloaded: false }
  | { ok: false; kind: 'unsupported' | 'declined' | 'cancelled' | 'failed'; reason: string };

/** The pinned binary when it is installed already, else undefined. Never downloads. */
export async function installedBinary(storageDir: string, asset: ReleaseAsset): Promise<string | undefined> {
  const path = join(releasesDir(storageDir), PINNED_VERSION, asset.binary);
  const found = await stat(path).catch(() => undefined);
  return found?.isFile() ? path : undefined;
}

/**
 * Makes sure the pinned CLIProxyAPI is installed, asking first. The archive is downloaded next to its final place,
 * verified against the pinned SHA-256 before it is opened, the binary alone is extracted into a staging folder, and
 * that folder is renamed into `<version>/` in one step, so a half-installed binary is never found. The previous
 * version's folder is kept (the last good binary); older ones are removed.
 */
export async function acquireBinary(options: AcquireOptions): Promise<AcquireResult> {
  const pick = options.assets ? options.assets[`${options.platform}-${options.arch}`] : undefined;
  const found = pick ? { ok: true as const, asset: pick } : assetFor(options.platform, options.arch);
  if (!found.ok) return { ok: false, kind: 'unsupported', reason: found.reason };
  const { asset } = found;
  const existing = await installedBinary(options.storageDir, asset);
  if (existing) return { ok: true, binaryPath: existing, downloaded: false };

  const url = `${options.baseUrl ?? RELEASE_BASE_URL}/${asset.name}`;
  if (!(await options.consent({ version: PINNED_VERSION, url, sha256: asset.sha256 }))) {
    return { ok: false, kind: 'declined', reason: 'CLIProxyAPI was not downloaded: you declined.' };
  }

  const root = releasesDir(options.storageDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const token = randomBytes(6).toString('hex');
  const archive = join(root, `.download-${token}-${asset.name}`);
  const staging = join(root, `.staging-${token}`);
  try {
    const downloaded = await downloadVerified({
      url,
      sha256: asset.sha256,
      path: archive,
      signal: options.signal,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      onProgress: (receivedBytes, totalBytes) =>
        options.onStage?.({ stage: 'downloading', receivedBytes, ...(totalBytes ? { totalBytes } : {}) }),
    });
    if (!downloaded.ok) {
      return { ok: false, kind: downloaded.kind === 'cancelled' ? 'cancelled' : 'failed', reason: downloaded.reason };
    }
    options.onStage?.({ stage: 'verifying' });
    await mkdir(staging, { mode: 0o700 });
    const sha256 = await sha256OfFile(await extractBinary(archive, asset, staging));
    const target = join(root, PINNED_VERSION);
    await rm(target, { recursive: true, force: true }); // a folder without its binary: an install that never finished
    await rename(staging, target);
    await pruneOldVersions(root, PINNED_VERSION);
    return { ok: true, binaryPath: join(target, asset.binary), downloaded: true, sha256 };
  } catch (error) {
    return {
      ok: false,
      kind: 'failed',
      reason: `CLIProxyAPI could not be installed: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    await rm(archive, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

function releasesDir(storageDir: string): string {
  return join(storageDir, 'cliproxyapi');
}

/** Keeps `current` and the newest other version folder; removes the rest, and leftovers of runs cut off an hour ago. */
async function pruneOldVersions(root: string, current: string): Promise<void> {
  const entries = await readdir(root, { withFileTypes: true });
  for (const entry of entries) {
    if (!entry.name.startsWith('.download-') && !entry.name.startsWith('.staging-')) continue;
    const path = join(root, entry.name);
    const age = Date.now() - ((await stat(path).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (age > 60 * 60 * 1000) await rm(path, { recursive: true, force: true });
  }
  const versions = entries
    .filter((e) => e.isDirectory() && /^\d+\.\d+\.\d+$/.test(e.name) && e.name !== current)
    .map((e) => e.name)
    .sort((a, b) => compareVersions(b, a));
  for (const old of versions.slice(1)) await rm(join(root, old), { recursive: true, force: true });
}
