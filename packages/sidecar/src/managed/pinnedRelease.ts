import { PINNED_VERSION } from './releasePlatforms';

/**
 * The CLIProxyAPI release Roundtable runs, and the SHA-256 of each archive. The hashes are the trust anchor: an
 * archive whose hash differs is deleted, never opened. They were taken from two independent public package
 * definitions that pin this release; the release's own `checksums.txt` is not a second anchor (same origin).
 */
export { PINNED_VERSION };

export const RELEASE_BASE_URL = `https://github.com/router-for-me/CLIProxyAPI/releases/download/v${PINNED_VERSION}`;

export interface ReleaseAsset {
  /** The archive's file name in the release. */
  name: string;
  sha256: string;
  kind: 'tar.gz' | 'zip';
  /** The binary's name at the archive's root. */
  binary: string;
}

export const PINNED_ASSETS: Readonly<Record<string, ReleaseAsset>> = {
  'linux-x64': tarball('linux_amd64', '334b8417f0c24d2744700d63c10023c5b5d7c7c5b43b1609456432813ce713bf'),
  'linux-arm64': tarball('linux_aarch64', 'f6a95b34be658f69e327113a342170beb0b400b726dbf0bc52b6758feb8081d1'),
  'darwin-x64': tarball('darwin_amd64', 'a4adccf70ce97ffbc10f0f38cf19be21e7d5d651bbf336719769af635a786820'),
  'darwin-arm64': tarball('darwin_aarch64', '47aa529e29a75804283ad44206390e1c35b290e2c4e191739bd82759461ec7e7'),
  'win32-x64': zip('windows_amd64', 'fa432d366c77c5fcdafbca3cea345fe79ac10f44e36c728e4e0948821cae3150'),
  'win32-arm64': zip('windows_aarch64', '08afff33c12dbf25c67832959b617afe04c772877dc7e17c6c3e7125b7988776'),
};

function tarball(target: string, sha256: string): ReleaseAsset {
  return { name: `CLIProxyAPI_${PINNED_VERSION}_${target}.tar.gz`, sha256, kind: 'tar.gz', binary: 'cli-proxy-api' };
}

function zip(target: string, sha256: string): ReleaseAsset {
  return { name: `CLIProxyAPI_${PINNED_VERSION}_${target}.zip`, sha256, kind: 'zip', binary: 'cli-proxy-api.exe' };
}

/** The archive for Node's `process.platform` and `process.arch`, or why there is none. */
export function assetFor(
  platform: string,
  arch: string,
): { ok: true; asset: ReleaseAsset } | { ok: false; reason: string } {
  const asset = PINNED_ASSETS[`${platform}-${arch}`];
  if (asset) return { ok: true, asset };
  return {
    ok: false,
    reason: `CLIProxyAPI ${PINNED_VERSION} has no build Roundtable can run on ${platform}/${arch}. Run CLIProxyAPI yourself and set roundtable.sidecar.mode to "external".`,
  };
}
