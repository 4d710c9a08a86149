import type { CommandHost } from './commandHost';

// Stand-ins for a Windows machine, for the tests of finding and starting programs there (run on any platform): a file
// system of given files, and the batch files npm, pnpm and VS Code write, as they write them.

/** A Windows machine holding these files (a string: a text file's content), case-insensitive as NTFS is. */
export function windows(files: Record<string, string | boolean>, env: NodeJS.ProcessEnv): CommandHost {
  const byName = new Map(Object.entries(files).map(([name, content]) => [name.toLowerCase(), content]));
  return {
    platform: 'win32',
    env,
    isExecutable: async (file) => byName.has(file.toLowerCase()),
    readText: async (file) => {
      const content = byName.get(file.toLowerCase());
      if (typeof content !== 'string') throw new Error(`ENOENT: ${file}`);
      return content;
    },
  };
}

export const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const CMD_SHIM_HEAD = [
  '@ECHO off',
  'GOTO start',
  ':find_dp0',
  'SET dp0=%~dp0',
  'EXIT /b',
  ':start',
  'SETLOCAL',
  'CALL :find_dp0',
];
/** What npm (cmd-shim) writes for a bin that is a Node script (`#!/usr/bin/env node`). */
export const npmNodeShim = (script: string, head: string[] = []) =>
  crlf(
    ...CMD_SHIM_HEAD,
    ...head,
    '',
    'IF EXIST "%dp0%\\node.exe" (',
    '  SET "_prog=%dp0%\\node.exe"',
    ') ELSE (',
    '  SET "_prog=node"',
    '  SET PATHEXT=%PATHEXT:;.JS;=;%',
    ')',
    '',
    `endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\${script}" %*`,
  );
/** What npm writes for a bin without a shebang (an .exe). */
export const npmExeShim = (exe: string) => crlf(...CMD_SHIM_HEAD, `"%dp0%\\${exe}"   %*`);
/** What pnpm (@zkochan/cmd-shim) writes for a global bin that is a Node script. */
export const pnpmShim = (script: string, nodePath: string) =>
  crlf(
    '@SETLOCAL',
    '@IF NOT DEFINED NODE_PATH (',
    `  @SET "NODE_PATH=${nodePath}"`,
    ') ELSE (',
    `  @SET "NODE_PATH=${nodePath};%NODE_PATH%"`,
    ')',
    '@IF EXIST "%~dp0\\node.exe" (',
    `  "%~dp0\\node.exe"  "%~dp0\\${script}" %*`,
    ') ELSE (',
    '  @SET PATHEXT=%PATHEXT:;.JS;=;%',
    `  node  "%~dp0\\${script}" %*`,
    ')',
  );
/** VS Code's bin\code.cmd. */
export const CODE_CMD = crlf(
  '@echo off',
  'setlocal',
  'set VSCODE_DEV=',
  'set ELECTRON_RUN_AS_NODE=1',
  '"%~dp0..\\Code.exe" "%~dp0..\\resources\\app\\out\\cli.js" %*',
  'IF %ERRORLEVEL% NEQ 0 EXIT /b %ERRORLEVEL%',
  'endlocal',
);

export const NPM = 'C:\\Users\\Ann Lee\\AppData\\Roaming\\npm';
export const NODE = 'C:\\Program Files\\nodejs\\node.exe';
export const CODEX_JS = `${NPM}\\node_modules\\@openai\\codex\\bin\\codex.js`;
export const CLAUDE_EXE = `${NPM}\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe`;
export const PATH = `C:\\Windows\\system32;C:\\Program Files\\nodejs;${NPM}`;

/** An npm global folder as `npm install -g` leaves it: the sh script, the .cmd and the .ps1 for each bin. */
export const npmGlobal = {
  [NODE]: true,
  [`${NPM}\\codex`]: '#!/bin/sh\n',
  [`${NPM}\\codex.cmd`]: npmNodeShim('node_modules\\@openai\\codex\\bin\\codex.js'),
  [`${NPM}\\codex.ps1`]: '#!/usr/bin/env pwsh\n',
  [CODEX_JS]: true,
  [`${NPM}\\claude`]: '#!/bin/sh\n',
  [`${NPM}\\claude.cmd`]: npmExeShim('node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe'),
  [CLAUDE_EXE]: true,
} as const;
