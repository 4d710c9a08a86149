import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { CliProviderConfig } from '../adapters/readProviders';
import { cliRoute } from './cliRoute';
import { cliActions, openCliSignIn } from './openCliSignIn';

// "Sign in" on a seat whose CLI is signed out, and the pill's line for each CLI: a terminal running that CLI's own
// login, from where detection found it; a CLI that cannot be used says why instead.

const terminals: { options: Record<string, unknown>; shown: boolean }[] = [];
vi.mock('vscode', () => ({
  window: {
    createTerminal: (options: Record<string, unknown>) => {
      const terminal = { options, shown: false, show: () => (terminal.shown = true) };
      terminals.push(terminal);
      return terminal;
    },
  },
  commands: { executeCommand: async () => undefined },
}));

let folder: string;
let claude: CliProviderConfig;
const missing: CliProviderConfig = {
  kind: 'cli',
  id: 'gem',
  name: 'Gemini',
  cli: 'gemini',
  command: '/nonexistent/gemini',
};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rt-signin-'));
  const program = join(folder, 'claude');
  // Prints what the real `claude --version` prints.
  await writeFile(program, "#!/bin/sh\necho '2.1.328 (Claude Code)'\n");
  await chmod(program, 0o755);
  claude = { kind: 'cli', id: 'claude-code', name: 'Claude Code', cli: 'claude', command: program };
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('signing in to a CLI', () => {
  test('opens a terminal running the CLI login from its detected path, in the home folder, and releases the seat', async () => {
    const { book } = cliRoute();
    book.noteSignedOut(claude.id);
    let released = 0;
    const result = await openCliSignIn(claude, () => released++);
    expect(result).toEqual({
      ok: true,
      notice: 'Sign in to Claude Code in the terminal, then send your message again.',
    });
    expect(terminals.at(-1)).toEqual({
      options: {
        name: 'Sign in: Claude Code',
        shellPath: claude.command,
        shellArgs: ['auth', 'login'],
        cwd: homedir(),
      },
      shown: true,
      show: expect.any(Function),
    });
    expect(book.isSignedOut(claude.id)).toBe(false);
    expect(released).toBe(1);
  });

  test('on Windows the terminal runs what the shim runs (node on its script), never the .cmd, with its variables', async () => {
    const { book } = cliRoute();
    const resolved: string[] = [];
    const result = await openCliSignIn(
      claude,
      () => {},
      async (command) => {
        resolved.push(command);
        const target = {
          found: 'C:\\npm\\claude.cmd',
          file: 'C:\\Program Files\\nodejs\\node.exe',
          args: ['C:\\npm\\node_modules\\cli.js'],
          env: { NODE_PATH: 'C:\\lib', VSCODE_DEV: undefined },
        };
        return { ok: true, target };
      },
    );
    expect(result.ok).toBe(true);
    expect(resolved).toEqual([claude.command]);
    expect(terminals.at(-1)?.options).toEqual({
      name: 'Sign in: Claude Code',
      shellPath: 'C:\\Program Files\\nodejs\\node.exe',
      shellArgs: ['C:\\npm\\node_modules\\cli.js', 'auth', 'login'],
      cwd: homedir(),
      env: { NODE_PATH: 'C:\\lib', VSCODE_DEV: null },
    });
    const before = terminals.length;
    const refused = await openCliSignIn(
      claude,
      () => {},
      async () => ({ ok: false, found: 'x.cmd', reason: 'odd.' }),
    );
    expect(refused).toEqual({ ok: false, reason: 'Claude Code cannot be started: odd.' });
    expect(terminals.length).toBe(before);
    expect(book.isSignedOut(claude.id)).toBe(false);
  });

  test('a CLI that cannot be used is not run: the refusal says why', async () => {
    const before = terminals.length;
    const result = await openCliSignIn(missing, () => {});
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining('Gemini CLI was not found at `/nonexistent/gemini`'),
    });
    expect(terminals.length).toBe(before);
  });

  test('the pill lists each CLI with its version and path, or why it cannot be used', async () => {
    const actions = await cliActions([claude, missing], () => {});
    expect(actions.map(({ label, description, detail }) => ({ label, description, detail }))).toEqual([
      { label: '$(terminal) Sign In to Claude Code', description: 'Claude Code 2.1.328', detail: claude.command },
      {
        label: '$(warning) Gemini cannot be used',
        description: undefined,
        detail: expect.stringContaining('was not found at `/nonexistent/gemini`'),
      },
    ]);
  });
});
