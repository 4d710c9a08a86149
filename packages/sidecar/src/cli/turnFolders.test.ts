import { lstatSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliDialect } from '@roundtable/core/cli';
import { testDialect } from '@roundtable/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTurnFolders } from './turnFolders';

// One turn's folders: the working folder and the CLI's private home beside it, with the user's settings copied and
// their login linked (never opened), all removed together; a failure leaves nothing behind.

let root: string;
let user: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt-turn-folders-'));
  user = join(root, 'user');
  await mkdir(join(user, '.cli'), { recursive: true });
  await writeFile(join(user, '.cli', 'settings.json'), '{"route":"corp"}');
  await writeFile(join(user, '.cli', 'login.json'), 'SECRET');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const dialect = (over: Partial<CliDialect> = {}): CliDialect => ({
  ...testDialect,
  reads: (place) => [
    place.join(place.userHome, '.cli', 'settings.json'),
    place.join(place.userHome, '.cli', 'none.json'),
  ],
  files: () => ({ 'turn.json': '{}' }),
  homeFiles: (turn) => ({ 'state/settings.json': turn.userFiles[join(user, '.cli', 'settings.json')] ?? 'missing' }),
  homeLinks: (turn) => ({
    'state/login.json': turn.join(turn.userHome, '.cli', 'login.json'),
    'state/absent.json': turn.join(turn.userHome, '.cli', 'absent.json'),
  }),
  ...over,
});

const turns = () => join(root, 'turns');
const env = () => ({ ...process.env, HOME: user, USERPROFILE: user });

describe('makeTurnFolders', () => {
  it("makes the working folder and a private home beside it, copies the user's settings and links their login", async () => {
    const { turn, remove } = await makeTurnFolders(dialect(), { root: turns(), env: env(), model: 'm', system: 'S' });
    expect(turn.home).not.toBe(turn.workDir);
    expect(turn.home.startsWith(turn.workDir)).toBe(false);
    for (const dir of [turns(), turn.workDir, turn.home, join(turn.home, 'state')]) {
      expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    }
    expect(turn.userHome).toBe(user);
    expect(turn.userFiles).toEqual({
      [join(user, '.cli', 'settings.json')]: '{"route":"corp"}',
      [join(user, '.cli', 'none.json')]: undefined,
    });
    expect(await readdir(turn.workDir)).toEqual(expect.arrayContaining(['system-prompt.md', 'turn.json']));
    expect(await readFile(join(turn.home, 'state', 'settings.json'), 'utf8')).toBe('{"route":"corp"}');
    expect(lstatSync(join(turn.home, 'state', 'settings.json')).mode & 0o777).toBe(0o600);
    const login = join(turn.home, 'state', 'login.json');
    expect(lstatSync(login).isSymbolicLink()).toBe(true);
    expect(readlinkSync(login)).toBe(join(user, '.cli', 'login.json'));
    // A login the user does not have is not linked (a dangling link would let the CLI create one in their home).
    expect(await readdir(join(turn.home, 'state'))).not.toContain('absent.json');
    await remove();
    expect(await readdir(turns())).toEqual([]);
    expect(await readFile(join(user, '.cli', 'login.json'), 'utf8')).toBe('SECRET');
  });

  it('a home file outside the home, or a bad settings file, removes both folders and says why', async () => {
    const outside = dialect({ homeFiles: () => ({ '../escaped.json': 'x' }) });
    await expect(makeTurnFolders(outside, { root: turns(), env: env(), model: 'm', system: '' })).rejects.toThrow(
      'a home file must stay in its home, not ../escaped.json',
    );
    const refusing = dialect({
      homeFiles: () => {
        throw new Error("Fake CLI's settings file is not valid JSON");
      },
    });
    await expect(makeTurnFolders(refusing, { root: turns(), env: env(), model: 'm', system: '' })).rejects.toThrow(
      'not valid JSON',
    );
    expect(await readdir(turns())).toEqual([]);
    expect(await readdir(root)).not.toContain('escaped.json');
  });

  it('a settings file that cannot be read (a folder there) is a sentence naming it', async () => {
    await mkdir(join(user, '.cli', 'folder.json'), { recursive: true });
    const reading = dialect({ reads: (place) => [place.join(place.userHome, '.cli', 'folder.json')] });
    await expect(makeTurnFolders(reading, { root: turns(), env: env(), model: 'm', system: '' })).rejects.toThrow(
      /settings file .*folder\.json cannot be read \(EISDIR\)/,
    );
  });
});
