import { describe, expect, it } from 'vitest';
import { resolveCommand } from './resolveCommand';
import { CODE_CMD, crlf, NODE, pnpmShim, windows } from './windowsShims.testing';

// Batch files read through to the program they run, under Windows' rules on a stand-in file system: the shims pnpm
// and VS Code write, and those Roundtable refuses rather than hand to cmd.exe. (npm's are in resolveCommand.test.ts.)

describe('readBatchShim', () => {
  it('pnpm’s shim: node on the script, and the NODE_PATH it sets, added to one already set', async () => {
    const store = 'C:\\pnpm\\global\\5\\node_modules';
    const files = {
      [NODE]: true,
      'C:\\pnpm\\gemini.cmd': pnpmShim('global\\5\\node_modules\\@google\\gemini-cli\\bundle\\gemini.js', store),
    };
    const script = 'C:\\pnpm\\global\\5\\node_modules\\@google\\gemini-cli\\bundle\\gemini.js';
    expect(await resolveCommand('gemini', windows(files, { PATH: `C:\\pnpm;C:\\Program Files\\nodejs` }))).toEqual({
      ok: true,
      target: { found: 'C:\\pnpm\\gemini.cmd', file: NODE, args: [script], env: { NODE_PATH: store } },
    });
    const withNodePath = windows(files, { PATH: 'C:\\pnpm;C:\\Program Files\\nodejs', NODE_PATH: 'D:\\lib' });
    expect(await resolveCommand('gemini', withNodePath)).toMatchObject({
      target: { env: { NODE_PATH: `${store};D:\\lib` } },
    });
  });

  it('VS Code’s code.cmd: its Electron as Node on its cli.js, with the variables the batch file sets', async () => {
    const bin = 'C:\\Users\\ann\\AppData\\Local\\Programs\\Microsoft VS Code\\bin';
    const app = 'C:\\Users\\ann\\AppData\\Local\\Programs\\Microsoft VS Code';
    const files = { [`${bin}\\code.cmd`]: CODE_CMD, [`${app}\\Code.exe`]: true };
    expect(await resolveCommand(`${bin}\\code.cmd`, windows(files, {}))).toEqual({
      ok: true,
      target: {
        found: `${bin}\\code.cmd`,
        file: `${app}\\Code.exe`,
        args: [`${app}\\resources\\app\\out\\cli.js`],
        env: { VSCODE_DEV: undefined, ELECTRON_RUN_AS_NODE: '1' },
      },
    });
    const detached = {
      ...files,
      [`${bin}\\code.cmd`]: CODE_CMD.replace('"%~dp0..\\Code.exe"', 'START /B "" "%~dp0..\\Code.exe"'),
    };
    expect(await resolveCommand(`${bin}\\code.cmd`, windows(detached, {}))).toMatchObject({
      target: { file: `${app}\\Code.exe` },
    });
  });

  it('refuses, with the line, a batch file that does more than run one program, and never hands it to cmd.exe', async () => {
    const refused = async (content: string) => {
      const host = windows(
        { 'C:\\t\\x.bat': content, [NODE]: true, 'C:\\t\\app.js': true },
        { PATH: 'C:\\Program Files\\nodejs' },
      );
      const resolved = await resolveCommand('C:\\t\\x.bat', host);
      expect(resolved).toMatchObject({ ok: false, found: 'C:\\t\\x.bat' });
      return resolved.ok ? '' : resolved.reason;
    };
    expect(await refused(crlf('@echo off', 'cd /d %~dp0', 'node app.js %*'))).toContain('"cd /d %~dp0"');
    expect(await refused(crlf('node "%~dp0app.js" & del x %*'))).toContain('does more than run one program');
    expect(await refused(crlf('node "%~dp0app.js" %~1 %*'))).toContain('does more than run one program');
    expect(await refused(crlf('set X=a^&b', 'node "%~dp0app.js" %*'))).toContain('set X=a^&b');
    expect(await refused(crlf('call other.bat', 'node "%~dp0app.js" %*'))).toContain('call other.bat');
    expect(await refused(crlf(':a', 'goto a'))).toContain('it loops');
    expect(await refused(crlf('@echo off', 'setlocal'))).toContain('no line in it runs a program');
    expect(await refused(crlf('"%~dp0missing.exe" %*'))).toContain('`C:\\t\\missing.exe`, is missing');
    expect(await refused(crlf('exit /b', '"%~dp0app.exe" %*'))).toContain('ends before it runs');
    expect(await refused(crlf('"..\\app.exe" %*'))).toContain('a relative path');
  });

  it('follows only the branch an `if` takes, and refuses a block it cannot read', async () => {
    const shim = crlf('@IF EXIST "%~dp0\\a.exe" (', '  "%~dp0\\a.exe" %*', ') ELSE (', '  "%~dp0\\b.exe" %*', ')');
    const withA = windows({ 'C:\\t\\x.cmd': shim, 'C:\\t\\a.exe': true, 'C:\\t\\b.exe': true }, {});
    expect(await resolveCommand('C:\\t\\x.cmd', withA)).toMatchObject({ target: { file: 'C:\\t\\a.exe' } });
    const withoutA = windows({ 'C:\\t\\x.cmd': shim, 'C:\\t\\b.exe': true }, {});
    expect(await resolveCommand('C:\\t\\x.cmd', withoutA)).toMatchObject({ target: { file: 'C:\\t\\b.exe' } });
    const stray = windows({ 'C:\\t\\x.cmd': crlf(')', '"%~dp0\\a.exe" %*'), 'C:\\t\\a.exe': true }, {});
    expect(await resolveCommand('C:\\t\\x.cmd', stray)).toMatchObject({ ok: false });
  });
});
