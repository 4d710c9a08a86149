import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { installerPath, resolveToolchain } from './toolchain';

// The installer's branches for other machines, run here with stand-ins for what tells them apart (`uname`, the
// machine's `node`, Xcode's `xcode-select`), and code-server marked as installed so nothing is downloaded.

let root: string;
let bin: string;
let cache: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rt-installer-'));
  bin = path.join(root, 'bin');
  cache = path.join(root, 'cache');
  mkdirSync(bin);
  const { codeServerVersion } = resolveToolchain({ ROUNDTABLE_E2E_CACHE: cache });
  mkdirSync(path.join(cache, `code-server-${codeServerVersion}`), { recursive: true });
  writeFileSync(path.join(cache, `code-server-${codeServerVersion}`, '.complete'), '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tool(name: string, script: string, dir = bin): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A machine that `uname` says is this one. */
function machine(system: string, arch: string): void {
  tool('uname', `case "$1" in -s) echo ${system} ;; -m) echo ${arch} ;; *) echo ${system} ;; esac`);
}

function install(env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync('bash', [installerPath, '--without-browser'], {
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: root, ROUNDTABLE_E2E_CACHE: cache, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

describe('install-toolchain.sh on macOS', () => {
  test('links the machine’s Node 24 where the harness looks for it (no npm package has it for arm64)', () => {
    machine('Darwin', 'arm64');
    const node = tool('node', 'echo v24.3.0');
    const { status, out, err } = install();
    expect(err).toBe('');
    expect(status).toBe(0);
    const { nodeBinDir } = resolveToolchain({ ROUNDTABLE_E2E_CACHE: cache }, undefined, 'darwin', 'arm64');
    expect(readlinkSync(path.join(nodeBinDir, 'node'))).toBe(node);
    expect(out).toContain(`ready: node=${path.join(nodeBinDir, 'node')}`);
  });

  test('ROUNDTABLE_NODE24 comes before the node on PATH', () => {
    machine('Darwin', 'x86_64');
    tool('node', 'echo v24.3.0');
    mkdirSync(path.join(root, 'other'));
    const chosen = tool('node', 'echo v24.9.1', path.join(root, 'other'));
    expect(install({ ROUNDTABLE_NODE24: chosen }).status).toBe(0);
    const { nodeBinDir } = resolveToolchain({ ROUNDTABLE_E2E_CACHE: cache }, undefined, 'darwin', 'x64');
    expect(readlinkSync(path.join(nodeBinDir, 'node'))).toBe(chosen);
  });

  test('with no Node 24 it says what to install, and installs nothing', () => {
    machine('Darwin', 'arm64');
    tool('node', 'echo v20.19.0');
    const { status, err } = install();
    expect(status).toBe(1);
    expect(err).toContain('code-server needs Node 24, and none was found (`node` on PATH is v20.19.0)');
    expect(err).toContain('brew install node@24');
  });

  test('building code-server without Xcode’s command line tools: says how to get them, and no apt', () => {
    machine('Darwin', 'arm64');
    tool('node', 'echo v24.3.0');
    tool('xcode-select', 'exit 2');
    tool('apt-get', `touch "${root}/apt-ran"; exit 1`);
    const { codeServerVersion } = resolveToolchain({ ROUNDTABLE_E2E_CACHE: cache });
    rmSync(path.join(cache, `code-server-${codeServerVersion}`, '.complete'));
    const { status, err } = install();
    expect(status).toBe(1);
    expect(err).toContain('xcode-select --install');
    expect(spawnSync('test', ['-e', path.join(root, 'apt-ran')]).status).toBe(1);
  });
});

test('install-toolchain.sh elsewhere (Windows’ Git Bash): says where it runs', () => {
  machine('MINGW64_NT-10.0-22631', 'x86_64');
  const { status, err } = install();
  expect(status).toBe(1);
  expect(err).toContain('installed on Linux and macOS only; this is MINGW64_NT-10.0-22631 x86_64');
});
