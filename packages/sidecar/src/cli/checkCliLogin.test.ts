import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliDialect } from '@roundtable/core/cli';
import { testDialect } from '@roundtable/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCliLogin } from './checkCliLogin';

// The login check runs the CLI's status command as a turn would run (its private home and variables, in a turn
// folder that is removed after), with a timeout, and hands what it printed, and which login files exist, to the
// dialect. Whatever goes wrong is `unknown`.

let root: string;
let program: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt-login-check-'));
  program = join(root, 'fake-cli');
  // Says what it was run with; `hang` sleeps past the timeout.
  await writeFile(
    program,
    `#!/bin/sh\nif [ "$1" = hang ]; then sleep 5; fi\necho "args=$* home=$FAKE_HOME cwd=$(pwd) user=$(cat "$HOME/settings.txt" 2>/dev/null)"\nexit 1\n`,
  );
  await chmod(program, 0o755);
  await mkdir(join(root, 'user'));
  await writeFile(join(root, 'user', 'settings.txt'), 'corp');
  await writeFile(join(root, 'user', 'login.json'), 'SECRET');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const env = () => ({ ...process.env, HOME: join(root, 'user') });
const seen: string[] = [];
const dialect = (command: string[]): CliDialect => ({
  ...testDialect,
  env: (turn) => ({ FAKE_HOME: turn.home }),
  reads: (place) => [place.join(place.userHome, 'settings.txt')],
  login: {
    command,
    present: (place) => [place.join(place.userHome, 'login.json'), place.join(place.userHome, 'other.json')],
    read: ({ status, present, userFiles }) => {
      seen.push(`${status?.code}|${status?.stdout.trim()}|${[...present].length}|${Object.values(userFiles).join()}`);
      return status?.code === 1 ? 'signed-out' : 'unknown';
    },
  },
});

describe('checkCliLogin', () => {
  it('runs the status command like a turn, in a turn folder it removes, and gives the dialect what it found', async () => {
    const turns = join(root, 'turns');
    expect(await checkCliLogin(dialect(['auth', 'status']), program, { env: env(), root: turns })).toBe('signed-out');
    const [code, stdout, present, files] = (seen.at(-1) ?? '').split('|');
    expect(code).toBe('1');
    expect(stdout).toMatch(
      new RegExp(
        `^args=auth status home=${turns}/roundtable-cli-home-\\S+ cwd=${turns}/roundtable-cli-\\S+ user=corp$`,
      ),
    );
    expect(present).toBe('1'); // login.json exists, other.json does not
    expect(files).toBe('corp');
    expect(await readdir(turns)).toEqual([]);
  });

  it('a status command that outlives its timeout, or a program that is gone, tells nothing', async () => {
    expect(await checkCliLogin(dialect(['hang']), program, { env: env(), root, timeoutMs: 300 })).toBe('unknown');
    expect(seen.at(-1)?.startsWith('undefined|')).toBe(true);
    expect(await checkCliLogin(dialect(['x']), join(root, 'gone'), { env: env(), root })).toBe('unknown');
  });

  it('a dialect with no check is unknown without running anything', async () => {
    const before = seen.length;
    expect(await checkCliLogin(testDialect, program, { env: env() })).toBe('unknown');
    expect(seen.length).toBe(before);
  });
});
