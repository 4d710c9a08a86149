import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCommandHost, spawnEnv } from './commandHost';
import { resolveCommand, spawnOf } from './resolveCommand';
import { CLAUDE_EXE, CODEX_JS, crlf, NODE, NPM, npmExeShim, npmGlobal, PATH, windows } from './windowsShims.testing';

// Finding a CLI and starting it without a shell, under each platform's rules: Windows' (path.win32, PATHEXT, npm's
// batch shims) with a stand-in file system, so they run here; POSIX's with real files. Other shims: batchShim.test.ts.

describe('resolveCommand on Windows', () => {
  it('an npm shim for a Node script: node on that script, found on PATH, with no shell', async () => {
    expect(await resolveCommand('codex', windows(npmGlobal, { Path: PATH }))).toEqual({
      ok: true,
      target: { found: `${NPM}\\codex.cmd`, file: NODE, args: [CODEX_JS], env: {} },
    });
  });

  it('the node.exe beside the shim, when there is one, as the shim itself prefers', async () => {
    const host = windows({ ...npmGlobal, [`${NPM}\\node.exe`]: true }, { PATH });
    expect(await resolveCommand('codex', host)).toMatchObject({ ok: true, target: { file: `${NPM}\\node.exe` } });
  });

  it('an npm shim for an .exe (Claude Code): the .exe itself', async () => {
    expect(await resolveCommand('claude', windows(npmGlobal, { PATH }))).toEqual({
      ok: true,
      target: { found: `${NPM}\\claude.cmd`, file: CLAUDE_EXE, args: [], env: {} },
    });
  });

  it('a configured path without an extension is tried with PATHEXT’s, never as the sh script npm puts beside it', async () => {
    const resolved = await resolveCommand(`${NPM}\\codex`, windows(npmGlobal, { PATH }));
    expect(resolved).toMatchObject({ ok: true, target: { found: `${NPM}\\codex.cmd`, file: NODE } });
  });

  it('a shim that names node, with no node on PATH, says so', async () => {
    expect(await resolveCommand('codex', windows(npmGlobal, { PATH: NPM }))).toEqual({
      ok: false,
      found: `${NPM}\\codex.cmd`,
      reason: expect.stringContaining('it runs `node`, which is not on PATH'),
    });
  });

  it('node is looked for as a program only: a node.cmd (a version manager’s shim) is not run through cmd.exe', async () => {
    const host = windows(
      { ...npmGlobal, 'C:\\nvm\\node.cmd': crlf('@"C:\\nvm\\v24\\node.exe" %*') },
      {
        PATH: `C:\\nvm;${NPM}`,
      },
    );
    expect(await resolveCommand('codex', host)).toMatchObject({ ok: false, reason: expect.stringContaining('`node`') });
  });

  it('PATHEXT decides the order and only .com, .exe, .bat and .cmd are ever run', async () => {
    const files = {
      'C:\\a\\tool.js': true,
      'C:\\a\\tool.ps1': true,
      'C:\\b\\tool.exe': true,
      'C:\\b\\tool.cmd': npmExeShim('tool.exe'),
    };
    const host = (PATHEXT: string) => windows(files, { PATH: 'C:\\a;C:\\b', PATHEXT });
    expect(await resolveCommand('tool', host('.JS;.PS1;.CMD;.EXE'))).toMatchObject({
      target: { found: 'C:\\b\\tool.cmd' },
    });
    expect(await resolveCommand('tool', host('.JS;.EXE;.CMD'))).toMatchObject({ target: { found: 'C:\\b\\tool.exe' } });
    expect(await resolveCommand('tool', host('.JS;.PS1'))).toEqual({ ok: false, reason: '`tool` is not on PATH.' });
    expect(await resolveCommand('tool.exe', host(''))).toMatchObject({ target: { file: 'C:\\b\\tool.exe' } });
  });

  it('PATH entries that are empty or relative (the current folder) are never searched; quoted ones are', async () => {
    const files = { 'bin\\claude.exe': true, '.\\claude.exe': true, 'C:\\Program Files\\Tools\\claude.exe': true };
    expect(await resolveCommand('claude', windows(files, { PATH: ';bin;.' }))).toMatchObject({ ok: false });
    expect(await resolveCommand('claude', windows(files, { PATH: 'bin;"C:\\Program Files\\Tools"' }))).toMatchObject({
      target: { file: 'C:\\Program Files\\Tools\\claude.exe' },
    });
  });

  it('a relative path is refused; a name nowhere on PATH says so', async () => {
    const host = windows(npmGlobal, { PATH });
    expect(await resolveCommand('tools\\claude', host)).toEqual({
      ok: false,
      reason: '`tools\\claude` is a relative path: give the full path.',
    });
    expect(await resolveCommand('gemini', host)).toEqual({ ok: false, reason: '`gemini` is not on PATH.' });
    expect(await resolveCommand('C:\\nowhere\\gemini', host)).toEqual({
      ok: false,
      reason: 'no program at `C:\\nowhere\\gemini`.',
    });
  });

  it('arguments and variables: the shim’s first, then the caller’s, which are passed as they are', () => {
    const target = { found: 'C:\\npm\\codex.cmd', file: NODE, args: [CODEX_JS], env: { ELECTRON_RUN_AS_NODE: '1' } };
    const hostile = ['-m', 'gpt "5" & calc.exe %PATH% ^'];
    expect(spawnOf(target, hostile, { Path: 'C:\\x', electron_run_as_node: '0' }, 'win32')).toEqual({
      file: NODE,
      args: [CODEX_JS, ...hostile],
      env: { Path: 'C:\\x', ELECTRON_RUN_AS_NODE: '1' },
    });
  });
});

describe('spawnEnv', () => {
  it('on Windows a variable in another case replaces the one there; on POSIX names keep their case', () => {
    expect(spawnEnv('win32', { Path: 'a', HOME: 'h' }, { PATH: 'b' }, { HOME: undefined })).toEqual({ PATH: 'b' });
    expect(spawnEnv('linux', { Path: 'a' }, { PATH: 'b' })).toEqual({ Path: 'a', PATH: 'b' });
  });
});

describe('resolveCommand on this machine (POSIX)', () => {
  let bin: string;
  beforeAll(async () => {
    bin = await mkdtemp(join(tmpdir(), 'rt-resolve-'));
    await writeFile(join(bin, 'claude'), '#!/bin/sh\n');
    await chmod(join(bin, 'claude'), 0o755);
    await writeFile(join(bin, 'plain'), 'not a program');
    await writeFile(join(bin, 'claude.cmd'), npmExeShim('claude.exe'));
    await chmod(join(bin, 'claude.cmd'), 0o755);
    await mkdir(join(bin, 'folder'));
  });
  afterAll(() => rm(bin, { recursive: true, force: true }));

  it.skipIf(process.platform === 'win32')('an executable file is started as it is; a .cmd is not read', async () => {
    const host = nodeCommandHost({ PATH: `/nonexistent::.:${bin}` });
    expect(await resolveCommand('claude', host)).toEqual({
      ok: true,
      target: { found: join(bin, 'claude'), file: join(bin, 'claude'), args: [], env: {} },
    });
    expect(await resolveCommand(join(bin, 'claude.cmd'), host)).toMatchObject({
      target: { file: join(bin, 'claude.cmd'), args: [] },
    });
  });

  it.skipIf(process.platform === 'win32')('a file without the execute bit, or a folder, is not a program', async () => {
    const host = nodeCommandHost({ PATH: bin });
    expect(await resolveCommand('plain', host)).toMatchObject({ ok: false });
    expect(await resolveCommand(join(bin, 'plain'), host)).toMatchObject({ ok: false });
    expect(await resolveCommand('folder', host)).toMatchObject({ ok: false });
  });

  it('reads a text file’s start (a batch file is read through only when it is small)', async () => {
    const big = join(bin, 'big.cmd');
    await writeFile(big, 'x'.repeat(200 * 1024));
    expect((await nodeCommandHost().readText(big)).length).toBe(64 * 1024);
  });
});
