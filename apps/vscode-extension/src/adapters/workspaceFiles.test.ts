import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isExcluded, readWorkspaceFile } from './workspaceFiles';

// A file the composer's `#` list offered, read when the page asks for it by path: the host trusts no path from the
// page, so only a relative path to a file inside a workspace folder is read, the way "Add File to Chat…" reads it.

// Hoisted with the mock below, which uses them.
const { folders, FakeUri } = vi.hoisted(() => {
  class FakeUri {
    constructor(readonly fsPath: string) {}
    static joinPath(base: FakeUri, ...parts: string[]) {
      // node:path, required here: the mock runs before the file's imports.
      return new FakeUri((require('node:path') as typeof import('node:path')).join(base.fsPath, ...parts));
    }
  }
  return { folders: [] as { name: string; uri: FakeUri }[], FakeUri };
});

vi.mock('vscode', () => ({
  Uri: FakeUri,
  FileType: { File: 1, Directory: 2 },
  workspace: {
    get workspaceFolders() {
      return folders;
    },
    asRelativePath: (uri: InstanceType<typeof FakeUri>) => {
      const folder = folders.find((f) => !relative(f.uri.fsPath, uri.fsPath).startsWith('..'));
      return folder ? relative(folder.uri.fsPath, uri.fsPath).split('\\').join('/') : uri.fsPath;
    },
    fs: {
      readFile: async (uri: InstanceType<typeof FakeUri>) => new Uint8Array(await readFile(uri.fsPath)),
      stat: async (uri: InstanceType<typeof FakeUri>) => ({ type: (await stat(uri.fsPath)).isFile() ? 1 : 2 }),
    },
    openTextDocument: async (uri: InstanceType<typeof FakeUri>) => ({
      languageId: uri.fsPath.endsWith('.ts') ? 'typescript' : 'plaintext',
    }),
  },
}));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt-hash-'));
  await mkdir(join(root, 'app/src'), { recursive: true });
  await mkdir(join(root, 'lib'), { recursive: true });
  await writeFile(join(root, 'app/src/retry.ts'), 'export const attempts = 5;\n');
  await writeFile(join(root, 'app/logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
  await writeFile(join(root, 'lib/notes.txt'), 'in the second folder\n');
  await writeFile(join(root, 'secret.txt'), 'outside every folder\n');
  folders.push(
    { name: 'app', uri: new FakeUri(join(root, 'app')) },
    { name: 'lib', uri: new FakeUri(join(root, 'lib')) },
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('reading a file the # list offered', () => {
  test('a relative path in a workspace folder is read as Add File to Chat reads it', async () => {
    expect(await readWorkspaceFile('src/retry.ts')).toEqual({
      ok: true,
      block: { kind: 'file', path: 'src/retry.ts', content: 'export const attempts = 5;\n', language: 'typescript' },
    });
  });

  test('with several folders, a path may start with its folder’s name, as the list writes it', async () => {
    expect(await readWorkspaceFile('lib/notes.txt')).toMatchObject({ ok: true, block: { path: 'notes.txt' } });
    expect(await readWorkspaceFile('app/src/retry.ts')).toMatchObject({ ok: true, block: { path: 'src/retry.ts' } });
  });

  test('a binary file is refused, saying why', async () => {
    expect(await readWorkspaceFile('logo.png')).toEqual({
      ok: false,
      reason: 'logo.png looks like a binary file; only text files can be added to the chat.',
    });
  });

  test.each([
    ['../secret.txt', 'climbs out of the workspace'],
    ['src/../../secret.txt', 'climbs out of the workspace'],
    ['/etc/passwd', 'is absolute'],
    ['~/.ssh/id_ed25519', 'is absolute'],
    ['C:\\Windows\\win.ini', 'is absolute'],
    ['\\\\server\\share\\x.txt', 'is absolute'],
    ['src', 'is not a file in the workspace'],
    ['src/gone.ts', 'is not a file in the workspace'],
    ['./', 'names no file'],
  ])('%s is refused: it %s', async (path, why) => {
    expect(await readWorkspaceFile(path)).toEqual({ ok: false, reason: expect.stringContaining(why) });
  });

  test('on Windows, a name Windows reads as another (`.. ` is `..`) is refused before any file is touched', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform');
    Object.defineProperty(process, 'platform', { value: 'win32' });
    try {
      expect(await readWorkspaceFile('src/.. /../secret.txt')).toEqual({
        ok: false,
        reason: expect.stringContaining('cannot be used here: `.. ` ends in a dot or a space, which Windows drops'),
      });
    } finally {
      if (platform) Object.defineProperty(process, 'platform', platform);
    }
    expect(await readWorkspaceFile('src/.. /../secret.txt')).toEqual({
      ok: false,
      reason: 'src/secret.txt is not a file in the workspace.',
    });
  });
});

describe('which watcher events can change the list', () => {
  test.each([
    ['src/new.ts', false],
    ['dist', false], // the folder itself going (the listing drops what was in it)
    ['dist/bundle.js', true],
    ['packages/a/node_modules/x/index.js', true],
    ['.git/index', true],
    ['src/build.ts', false],
  ])('%s: excluded %s', (path, excluded) => {
    expect(isExcluded(path)).toBe(excluded);
  });
});
