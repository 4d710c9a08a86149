import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { chooseLaunch, findOnPath, isExecutableFile, type LaunchContext, USAGE } from './chooseLaunch';

// `pnpm start` on a machine with or without VS Code's command: the choice, with a fake PATH of real files.

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

const linux = (pathEnv: string, args: string[] = []): LaunchContext => ({
  args,
  pathEnv,
  platform: 'linux',
  arch: 'x64',
  isExecutable: isExecutableFile,
});

describe('chooseLaunch', () => {
  test('VS Code’s `code` on PATH: install into it, from the first folder that has it', () => {
    const first = bin('a', ['node']);
    const second = bin('b', ['code']);
    const third = bin('c', ['code']);
    expect(chooseLaunch(linux([first, second, third].join(':')))).toEqual({
      kind: 'vscode',
      cli: path.join(second, 'code'),
    });
  });

  test('`code` before Insiders and VSCodium, wherever they are on PATH', () => {
    const early = bin('a', ['codium', 'code-insiders']);
    const late = bin('b', ['code']);
    expect(chooseLaunch(linux(`${early}:${late}`))).toMatchObject({ cli: path.join(late, 'code') });
    expect(chooseLaunch(linux(early))).toMatchObject({ cli: path.join(early, 'code-insiders') });
  });

  test('no command: the demo, on Linux x64', () => {
    expect(chooseLaunch(linux(bin('a', ['node', 'git'])))).toEqual({ kind: 'demo' });
    expect(chooseLaunch(linux(''))).toEqual({ kind: 'demo' });
    expect(chooseLaunch(linux(undefined as unknown as string))).toEqual({ kind: 'demo' });
  });

  test('a `code` that is not executable, or a folder named code, does not count', () => {
    const dir = bin('a', ['code!']);
    mkdirSync(path.join(bin('b', []), 'code'));
    expect(chooseLaunch(linux(`${dir}:${path.join(root, 'b')}`))).toEqual({ kind: 'demo' });
  });

  test('an empty PATH entry (the current folder) is never searched', () => {
    const cwd = bin('cwd', ['code']);
    const context = linux('::', []);
    expect(
      findOnPath('code', { ...context, isExecutable: (f) => path.resolve(cwd, f) === path.join(cwd, 'code') }),
    ).toBe(undefined);
  });

  test('--demo skips VS Code; --vscode refuses to fall back to the demo', () => {
    const withCode = bin('a', ['code']);
    expect(chooseLaunch(linux(withCode, ['--demo']))).toEqual({ kind: 'demo' });
    const none = chooseLaunch(linux(bin('b', []), ['--vscode']));
    expect(none.kind).toBe('none');
    expect(none).toMatchObject({ reason: expect.stringContaining('Install from VSIX') });
  });

  test('no command and no demo for this platform: says why, and how to install by hand', () => {
    const mac = chooseLaunch({ ...linux(bin('a', [])), platform: 'darwin', arch: 'arm64' });
    expect(mac).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining('Linux x64 only (this is darwin arm64)'),
    });
    expect(chooseLaunch({ ...linux(bin('b', []), ['--demo']), arch: 'arm64' }).kind).toBe('none');
  });

  test('Windows: PATH is split on `;` and code.cmd is found through PATHEXT', () => {
    const files = new Set(['C:\\VS Code\\bin\\code.cmd']);
    const context: LaunchContext = {
      args: [],
      pathEnv: 'C:\\Windows;C:\\VS Code\\bin',
      pathExt: '.EXE;.CMD',
      platform: 'win32',
      arch: 'x64',
      isExecutable: (file) => files.has(file),
    };
    expect(chooseLaunch(context)).toEqual({ kind: 'vscode', cli: 'C:\\VS Code\\bin\\code.cmd' });
  });

  test.each([[['--both']], [['--demo', '--vscode']]])('%j: the usage, nothing started', (args) => {
    expect(chooseLaunch(linux(bin('a', ['code']), args))).toMatchObject({
      kind: 'usage',
      reason: expect.stringContaining(USAGE),
    });
  });
});
