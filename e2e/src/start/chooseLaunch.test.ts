import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeCommandHost } from '@roundtable/sidecar/cli';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { chooseLaunch, type LaunchContext, USAGE } from './chooseLaunch';

// `pnpm start` on a machine with or without VS Code's command: the choice, with a fake PATH of real files here, and
// with stand-in file systems for macOS and Windows.

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rt-start-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A folder on the fake PATH holding these files, each executable unless its name ends in `!`. */
function bin(name: string, files: readonly string[]): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    const plain = file.endsWith('!');
    const target = path.join(dir, plain ? file.slice(0, -1) : file);
    writeFileSync(target, '#!/bin/sh\n');
    chmodSync(target, plain ? 0o644 : 0o755);
  }
  return dir;
}

const linux = (pathEnv: string | undefined, args: string[] = []): LaunchContext => ({
  args,
  env: { PATH: pathEnv },
  home: root,
  platform: 'linux',
  arch: 'x64',
  isExecutable: nodeCommandHost().isExecutable,
});

/** Another machine, whose only runnable files are these. */
const other = (
  platform: NodeJS.Platform,
  arch: string,
  files: readonly string[],
  env: NodeJS.ProcessEnv = {},
  args: string[] = [],
): LaunchContext => ({
  args,
  env,
  home: platform === 'darwin' ? '/Users/ann' : 'C:\\Users\\ann',
  platform,
  arch,
  isExecutable: async (file) => files.includes(file),
});

describe('chooseLaunch', () => {
  test('VS Code’s `code` on PATH: install into it, from the first folder that has it', async () => {
    const first = bin('a', ['node']);
    const second = bin('b', ['code']);
    const third = bin('c', ['code']);
    expect(await chooseLaunch(linux([first, second, third].join(':')))).toEqual({
      kind: 'vscode',
      cli: path.join(second, 'code'),
      onPath: true,
    });
  });

  test('`code` before Insiders and VSCodium, wherever they are on PATH', async () => {
    const early = bin('a', ['codium', 'code-insiders']);
    const late = bin('b', ['code']);
    expect(await chooseLaunch(linux(`${early}:${late}`))).toMatchObject({ cli: path.join(late, 'code') });
    expect(await chooseLaunch(linux(early))).toMatchObject({ cli: path.join(early, 'code-insiders') });
  });

  test('no command: the demo, on Linux x64 and arm64', async () => {
    expect(await chooseLaunch(linux(bin('a', ['node', 'git'])))).toEqual({ kind: 'demo' });
    expect(await chooseLaunch(linux(''))).toEqual({ kind: 'demo' });
    expect(await chooseLaunch(linux(undefined))).toEqual({ kind: 'demo' });
    expect(await chooseLaunch(other('linux', 'arm64', []))).toEqual({ kind: 'demo' });
  });

  test('a `code` that is not executable, a folder named code, or one in the current folder does not count', async () => {
    const dir = bin('a', ['code!']);
    mkdirSync(path.join(bin('b', []), 'code'));
    expect(await chooseLaunch(linux(`${dir}:${path.join(root, 'b')}`))).toEqual({ kind: 'demo' });
    const relative = path.relative(process.cwd(), bin('c', ['code']));
    expect(await chooseLaunch(linux(`::.:${relative}`))).toEqual({ kind: 'demo' });
  });

  test('--demo skips VS Code; --vscode refuses to fall back to the demo', async () => {
    const withCode = bin('a', ['code']);
    expect(await chooseLaunch(linux(withCode, ['--demo']))).toEqual({ kind: 'demo' });
    const none = await chooseLaunch(linux(bin('b', []), ['--vscode']));
    expect(none.kind).toBe('none');
    expect(none).toMatchObject({ reason: expect.stringContaining('Install from VSIX') });
  });

  test('macOS without `code` on PATH (the default): the one inside the app, in /Applications or ~/Applications', async () => {
    const bundled = '/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code';
    const mine = '/Users/ann/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code';
    const insiders = '/Applications/Visual Studio Code - Insiders.app/Contents/Resources/app/bin/code-insiders';
    expect(await chooseLaunch(other('darwin', 'arm64', [bundled, mine], { PATH: '/usr/bin' }))).toEqual({
      kind: 'vscode',
      cli: bundled,
      onPath: false,
    });
    expect(await chooseLaunch(other('darwin', 'arm64', [insiders, mine]))).toMatchObject({ cli: mine });
    expect(await chooseLaunch(other('darwin', 'x64', [insiders]))).toMatchObject({ cli: insiders });
    const linked = other('darwin', 'arm64', [bundled, '/usr/local/bin/code'], { PATH: '/usr/local/bin' });
    expect(await chooseLaunch(linked)).toEqual({ kind: 'vscode', cli: '/usr/local/bin/code', onPath: true });
  });

  test('macOS with no VS Code at all: the demo, on arm64 and x64', async () => {
    expect(await chooseLaunch(other('darwin', 'arm64', []))).toEqual({ kind: 'demo' });
    expect(await chooseLaunch(other('darwin', 'x64', [], {}, ['--demo']))).toEqual({ kind: 'demo' });
  });

  test('Windows: code.cmd through PATHEXT on a `;` PATH, else where the user or system installer puts it', async () => {
    const onPath = 'C:\\VS Code\\bin\\code.cmd';
    const user = 'C:\\Users\\ann\\AppData\\Local\\Programs\\Microsoft VS Code\\bin\\code.cmd';
    const system = 'C:\\Program Files\\Microsoft VS Code\\bin\\code.cmd';
    const env = {
      Path: 'C:\\Windows;C:\\VS Code\\bin',
      PATHEXT: '.EXE;.CMD',
      LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local',
      ProgramFiles: 'C:\\Program Files',
    };
    expect(await chooseLaunch(other('win32', 'x64', [onPath, user], env))).toEqual({
      kind: 'vscode',
      cli: onPath,
      onPath: true,
    });
    expect(await chooseLaunch(other('win32', 'x64', [user, system], env))).toEqual({
      kind: 'vscode',
      cli: user,
      onPath: false,
    });
    expect(await chooseLaunch(other('win32', 'arm64', [system], env))).toMatchObject({ cli: system });
  });

  test('Windows with no VS Code: no demo (code-server has no Windows build), and what to install', async () => {
    const none = await chooseLaunch(other('win32', 'x64', [], { PATH: 'C:\\Windows' }));
    expect(none).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining(
        'on PATH or where VS Code installs it, and the browser demo runs on Linux and macOS',
      ),
    });
    expect(none).toMatchObject({ reason: expect.stringContaining('no Windows build (this is win32 x64)') });
    expect(none).toMatchObject({ reason: expect.stringContaining('Install VS Code (https://code.visualstudio.com/') });
    expect(await chooseLaunch(other('win32', 'x64', [], {}, ['--demo']))).toMatchObject({ kind: 'none' });
  });

  test('a platform the demo does not run on: says why, and how to install by hand', async () => {
    expect(await chooseLaunch(other('freebsd', 'x64', []))).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining('Linux and macOS (x64, arm64) only (this is freebsd x64)'),
    });
    expect(await chooseLaunch({ ...linux(bin('b', []), ['--demo']), arch: 'ia32' })).toMatchObject({ kind: 'none' });
  });

  test('--scripted picks the demo with scripted replies, even with VS Code; not where the demo cannot run', async () => {
    const withCode = bin('a', ['code']);
    expect(await chooseLaunch(linux(withCode, ['--scripted']))).toEqual({ kind: 'demo', scripted: true });
    expect(await chooseLaunch(other('darwin', 'arm64', [], {}, ['--scripted']))).toEqual({
      kind: 'demo',
      scripted: true,
    });
    expect(await chooseLaunch(other('win32', 'x64', [], {}, ['--scripted']))).toMatchObject({ kind: 'none' });
  });

  test('pnpm’s `--` (`pnpm start -- --scripted` reaches the script as `-- --scripted`) is skipped', async () => {
    const withCode = bin('a', ['code']);
    expect(await chooseLaunch(linux(withCode, ['--', '--scripted']))).toEqual({ kind: 'demo', scripted: true });
    expect(await chooseLaunch(linux(withCode, ['--', '--demo']))).toEqual({ kind: 'demo' });
    expect(await chooseLaunch(linux(withCode, ['--']))).toMatchObject({ kind: 'vscode' });
  });

  test.each([
    [['--both']],
    [['--demo', '--vscode']],
    [['--vscode', '--scripted']],
    [['--', '--scripted', '--scripted']],
  ])('%j: the usage, nothing started', async (args) => {
    expect(await chooseLaunch(linux(bin('a', ['code']), args))).toMatchObject({
      kind: 'usage',
      reason: expect.stringContaining(USAGE),
    });
  });
});
