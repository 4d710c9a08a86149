/**
 * The pinned CLIProxyAPI release's version and the platforms it has a build for, without the archives' names and
 * hashes: what a window needs at activation to choose its mode (`pinnedRelease.ts` has the rest, loaded with the
 * managed proxy).
 */
export const PINNED_VERSION = '7.2.140';

/** `process.platform`-`process.arch` pairs with a build in the pinned release (the keys of `PINNED_ASSETS`). */
export const RELEASE_PLATFORMS: readonly string[] = [
  'linux-x64',
  'linux-arm64',
  'darwin-x64',
  'darwin-arm64',
  'win32-x64',
  'win32-arm64',
];

export function hasPinnedBuild(platform: string, arch: string): boolean {
  return RELEASE_PLATFORMS.includes(`${platform}-${arch}`);
}
