import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliDialect } from '@roundtable/core/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions } from '../versions';
import { detectCli } from './detectCli';

let bin: string;
const dialect = {
  program: 'fakecli',
  productName: 'Fake CLI',
  minimumVersion: '2.1.0',
  parseVersion: (out: string) => /(\d+\.\d+\.\d+) \(Fake\)/.exec(out)?.[1],
} as CliDialect;

async function program(name: string, printed: string): Promise<string> {
  const path = join(bin, name);
  await writeFile(path, `#!/bin/sh\necho '${printed}'\n`);
  await chmod(path, 0o755);
  return path;
}

beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), 'rt-detect-'));
  await program('fakecli', '2.3.10 (Fake)');
  await program('oldcli', '2.0.9 (Fake)');
  await program('oddcli', 'who knows');
  await writeFile(join(bin, 'plainfile'), 'not a program');
});
afterAll(() => rm(bin, { recursive: true, force: true }));

describe('detectCli', () => {
  it('finds the program on PATH and reads its version', async () => {
    expect(await detectCli(dialect, undefined, { PATH: `/nonexistent:${bin}` })).toEqual({
      ok: true,
      path: join(bin, 'fakecli'),
      version: '2.3.10',
    });
  });

  it('uses the configured command', async () => {
    expect(await detectCli(dialect, join(bin, 'fakecli'), { PATH: '' })).toMatchObject({ ok: true, version: '2.3.10' });
  });

  it('says when it is not on PATH, not at the configured path, or not executable', async () => {
    expect(await detectCli(dialect, undefined, { PATH: '/nonexistent' })).toEqual({
      ok: false,
      problem: 'missing',
      reason: expect.stringContaining('Fake CLI is not installed: `fakecli` is not on the PATH'),
    });
    expect(await detectCli(dialect, join(bin, 'plainfile'), { PATH: '' })).toEqual({
      ok: false,
      problem: 'missing',
      reason: expect.stringContaining('was not found at'),
    });
    expect(await detectCli(dialect, 'relative/cli', { PATH: bin })).toMatchObject({ ok: false });
  });

  it('refuses a version older than the dialect relies on, and output without a version', async () => {
    expect(await detectCli(dialect, join(bin, 'oldcli'), {})).toEqual({
      ok: false,
      problem: 'outdated',
      reason: 'Fake CLI 2.0.9 is older than 2.1.0, the oldest Roundtable can drive: update it.',
    });
    expect(await detectCli(dialect, join(bin, 'oddcli'), {})).toMatchObject({
      ok: false,
      problem: 'broken',
      reason: expect.stringContaining('no version'),
    });
  });
});

describe('detectCli on Windows', () => {
  // What resolveCommand says of npm's shims there (its own tests read them under path.win32); here, that detection
  // starts what it says, with the shim's arguments first and its variables, and reports the shim as the CLI's path.
  it('starts the program a shim runs, with its arguments and variables, and names the shim', async () => {
    const script = join(bin, 'fake-cli.cjs');
    await writeFile(
      script,
      "if (process.env.RT_SHIM === '1' && process.argv[2] === '--version') console.log('2.4.0 (Fake)');",
    );
    const found = 'C:\\Users\\ann\\AppData\\Roaming\\npm\\fakecli.cmd';
    const resolve = async (command: string) => {
      expect(command).toBe('fakecli');
      return { ok: true as const, target: { found, file: process.execPath, args: [script], env: { RT_SHIM: '1' } } };
    };
    expect(await detectCli(dialect, undefined, {}, resolve)).toEqual({ ok: true, path: found, version: '2.4.0' });
  });

  it('a shim Roundtable cannot see through is a reason, not a cmd.exe run', async () => {
    const resolve = async () => ({
      ok: false as const,
      found: 'C:\\npm\\fakecli.cmd',
      reason: '`C:\\npm\\fakecli.cmd` is odd.',
    });
    expect(await detectCli(dialect, undefined, {}, resolve)).toEqual({
      ok: false,
      problem: 'broken',
      reason: expect.stringMatching(/^Fake CLI cannot be started: `C:\\npm\\fakecli.cmd` is odd\. Reinstall it/),
    });
  });
});

describe('compareVersions', () => {
  it('compares dotted numbers as numbers', () => {
    expect(compareVersions('2.1.10', '2.1.9')).toBeGreaterThan(0);
    expect(compareVersions('0.61.0', '0.61')).toBe(0);
    expect(compareVersions('1.9', '1.10.0')).toBeLessThan(0);
  });
});
