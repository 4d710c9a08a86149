import { installedBinary } from '@roundtable/sidecar/managed/acquire/acquireBinary';
import type { FileDigests } from '@roundtable/sidecar/managed/acquire/fileDigests';
import { type InstalledHashes, prepareFromRelease } from '@roundtable/sidecar/managed/acquire/prepareFromRelease';
import type { PrepareBinary } from '@roundtable/sidecar/managed/ManagedProxy';
import { assetFor, type ReleaseAsset } from '@roundtable/sidecar/managed/pinnedRelease';
import { PINNED_VERSION } from '@roundtable/sidecar/managed/releasePlatforms';
import type { SidecarState } from '@roundtable/sidecar/managed/sidecarState';
import type { DownloadProgress, ManagedSidecarDeps } from './managedApi';

// Loaded with the managed proxy's code: where the managed proxy's binary comes from, and how its download is shown.

/** The installed binary's SHA-256, per version: in secret storage, out of reach of whatever can write the binary. */
const BINARY_HASH_SECRET = 'roundtable.managedBinarySha256';

/** The user's binary when the setting names one; otherwise the pinned release, downloaded once with consent. */
export function binarySource(deps: ManagedSidecarDeps, hashes: InstalledHashes, digests: FileDigests): PrepareBinary {
  if (deps.binaryPath.trim()) return async () => ({ ok: true, binaryPath: deps.binaryPath.trim() });
  const controller = new AbortController();
  const fromRelease = prepareFromRelease({
    storageDir: deps.storageDir,
    platform: process.platform,
    arch: process.arch,
    consent: deps.consent,
    signal: controller.signal,
    hashes,
    digests,
    ...mirrorOptions(deps),
  });
  return async (state) => {
    let download: ReturnType<typeof showDownload> | undefined;
    const listener = state.onDidChange((next) => {
      if (next.state === 'downloading' || next.state === 'verifying') {
        download ??= showDownload(deps, controller);
        download.update(next);
      }
    });
    try {
      return await fromRelease(state);
    } finally {
      listener.dispose();
      download?.finish();
    }
  };
}

export function installedHashes(deps: ManagedSidecarDeps): InstalledHashes {
  return {
    get: (version) => deps.secrets.get(`${BINARY_HASH_SECRET}.${version}`),
    set: (version, sha256) => deps.secrets.store(`${BINARY_HASH_SECRET}.${version}`, sha256),
  };
}

/** The installed pinned binary, only while it is the one Roundtable installed (a terminal runs it too). */
export async function verifiedInstall(
  deps: ManagedSidecarDeps,
  asset: ReleaseAsset,
  hashes: InstalledHashes,
  digests: FileDigests,
): Promise<string | undefined> {
  const path = await installedBinary(deps.storageDir, asset);
  const expected = await hashes.get(PINNED_VERSION);
  if (!path || !expected) return undefined;
  const actual = await digests.sha256(path).catch(() => undefined);
  return actual === expected ? path : undefined;
}

function showDownload(deps: ManagedSidecarDeps, controller: AbortController) {
  const listeners: ((message: string) => void)[] = [];
  let finish = () => {};
  const progress: DownloadProgress = {
    onReport: (listener) => listeners.push(listener),
    done: new Promise<void>((resolve) => (finish = resolve)),
    cancel: () => controller.abort(),
  };
  deps.showDownload(progress);
  return {
    update(state: SidecarState) {
      const message =
        state.state === 'downloading'
          ? `${megabytes(state.receivedBytes)}${state.totalBytes ? ` of ${megabytes(state.totalBytes)}` : ''} MB`
          : 'Checking the download against its pinned SHA-256…';
      for (const listener of listeners) listener(message);
    },
    finish: () => finish(),
  };
}

function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

/** The end-to-end tests' release mirror: honoured only on 127.0.0.1, and only with its own pinned hash. */
function mirrorOptions(deps: ManagedSidecarDeps) {
  if (!deps.mirror?.baseUrl.startsWith('http://127.0.0.1:')) return {};
  const found = assetFor(process.platform, process.arch);
  if (!found.ok) return {};
  return {
    baseUrl: deps.mirror.baseUrl,
    assets: { [`${process.platform}-${process.arch}`]: { ...found.asset, sha256: deps.mirror.sha256 } },
  };
}
