import { describe, expect, test } from 'vitest';
import { assetFor, PINNED_ASSETS, RELEASE_BASE_URL } from './pinnedRelease';
import { hasPinnedBuild, RELEASE_PLATFORMS } from './releasePlatforms';

describe('the pinned release', () => {
  test('pins all six archives of v7.2.140 by name and SHA-256', () => {
    // Changing a hash is a release decision: it must be made here, on purpose, with the new hashes checked against
    // independent sources, never by copying the release's own checksums.txt.
    expect(Object.fromEntries(Object.values(PINNED_ASSETS).map((a) => [a.name, a.sha256]))).toEqual({
      'CLIProxyAPI_7.2.140_linux_amd64.tar.gz': '334b8417f0c24d2744700d63c10023c5b5d7c7c5b43b1609456432813ce713bf',
      'CLIProxyAPI_7.2.140_linux_aarch64.tar.gz': 'f6a95b34be658f69e327113a342170beb0b400b726dbf0bc52b6758feb8081d1',
      'CLIProxyAPI_7.2.140_darwin_amd64.tar.gz': 'a4adccf70ce97ffbc10f0f38cf19be21e7d5d651bbf336719769af635a786820',
      'CLIProxyAPI_7.2.140_darwin_aarch64.tar.gz': '47aa529e29a75804283ad44206390e1c35b290e2c4e191739bd82759461ec7e7',
      'CLIProxyAPI_7.2.140_windows_amd64.zip': 'fa432d366c77c5fcdafbca3cea345fe79ac10f44e36c728e4e0948821cae3150',
      'CLIProxyAPI_7.2.140_windows_aarch64.zip': '08afff33c12dbf25c67832959b617afe04c772877dc7e17c6c3e7125b7988776',
    });
    expect(RELEASE_BASE_URL).toBe('https://github.com/router-for-me/CLIProxyAPI/releases/download/v7.2.140');
  });

  test.each([
    ['linux', 'x64', 'CLIProxyAPI_7.2.140_linux_amd64.tar.gz', 'cli-proxy-api'],
    ['darwin', 'arm64', 'CLIProxyAPI_7.2.140_darwin_aarch64.tar.gz', 'cli-proxy-api'],
    ['win32', 'x64', 'CLIProxyAPI_7.2.140_windows_amd64.zip', 'cli-proxy-api.exe'],
  ])('%s/%s gets %s', (platform, arch, name, binary) => {
    expect(assetFor(platform, arch)).toMatchObject({ ok: true, asset: { name, binary } });
  });

  test('the platforms a window checks at activation are exactly those with a pinned archive', () => {
    expect([...RELEASE_PLATFORMS].sort()).toEqual(Object.keys(PINNED_ASSETS).sort());
    expect(hasPinnedBuild('linux', 'x64')).toBe(true);
    expect(hasPinnedBuild('freebsd', 'x64')).toBe(false);
  });

  test('an unsupported platform gets a clear reason and the way out', () => {
    const result = assetFor('freebsd', 'x64');
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('"external"') });
    expect(assetFor('linux', 'ia32').ok).toBe(false);
  });
});
