import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StreamEvent } from '@roundtable/core';
import { type CliKind, dialectOf, streamCliReply } from '@roundtable/core/cli';
import {
  claudeUserSettings,
  codexUserSettings,
  connectionsIn,
  geminiUserSettings,
  homeSnapshot,
  MEMORY_MARKER,
  REQUIRE_REAL_CLIS,
  type RealCliKind,
  realCli,
  SETTINGS_KEY,
  type StandIn,
  startCliStandIn,
  straceWrapper,
} from '@roundtable/testkit/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCliLogin } from './checkCliLogin';
import { NodeCliLauncher } from './NodeCliLauncher';

// Each real CLI run by the product in a home folder set up the way its user would: the stand-in as their company
// gateway, in the CLI's own settings or .env file (no variable of the test's points the CLI at it), with hostile
// hooks, MCP servers, allowed tools and memory files beside it. The reply must reach the stand-in through those
// settings, nothing hostile may run or reach the request, and the home folder must be exactly as it was: the CLI's
// state goes to the turn's private home. Then the login check, on the same CLIs, signed out and signed in.

const KINDS: RealCliKind[] = ['claude', 'codex', 'gemini'];

const USER_SETUP: Record<RealCliKind, (home: string, standIn: StandIn) => Promise<void>> = {
  claude: (home, s) => claudeUserSettings(home, s.url, s.port),
  codex: (home, s) => codexUserSettings(home, s.url),
  gemini: (home, s) => geminiUserSettings(home, s.url),
};

/** The environment of a machine with nothing of the test's: the path, the language, the (temporary) home. */
function cleanEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LANG: process.env.LANG ?? 'C.UTF-8', HOME: home, ...extra };
}

/**
 * Where the turns' folders go: a folder of this run's own under the user's home, as the product's are (Gemini CLI
 * ignores its settings file under a folder others can write, such as the shared temp folder).
 */
async function turnsRoot(): Promise<string> {
  const parent = join(homedir(), '.cache', 'roundtable-conformance-turns');
  await mkdir(parent, { recursive: true, mode: 0o700 });
  return mkdtemp(join(parent, 'run-'));
}

for (const kind of KINDS) {
  const cli = realCli(kind);
  const block = !cli.ok && !REQUIRE_REAL_CLIS ? describe.skip : describe;
  block(`the real ${kind} CLI with its user's own setup`, { timeout: 90_000 }, () => {
    const dialect = dialectOf(kind as CliKind);
    let home: string;
    let standIn: StandIn;
    let TURNS: string;

    beforeAll(async () => {
      if (!cli.ok) throw new Error(cli.reason);
      TURNS = await turnsRoot();
      home = await mkdtemp(join(tmpdir(), `rt-user-${kind}-`));
      standIn = await startCliStandIn(kind, {
        kind: 'reply',
        chunks: ['Through ', 'the gateway.'],
        usage: { inputTokens: 5, outputTokens: 3 },
      });
      await USER_SETUP[kind](home, standIn);
    });
    afterAll(async () => {
      await standIn?.close();
      await rm(home, { recursive: true, force: true });
      await rm(TURNS, { recursive: true, force: true });
    });

    it("reaches the gateway its user's settings name, runs nothing hostile, and leaves the home folder as it was", async () => {
      // The stand-in is also the proxy for every other host (Codex and Gemini CLI read the proxy from the
      // environment), so a connection elsewhere is seen; Claude Code's comes from its settings.
      const proxy: Record<string, string> =
        kind === 'claude' ? {} : { HTTPS_PROXY: standIn.url, NO_PROXY: '127.0.0.1,localhost' };
      const launcher = new NodeCliLauncher({ env: cleanEnv(home, proxy), tmpRoot: TURNS, graceMs: 1_000 });
      const before = await homeSnapshot(home);
      const log = join(home, '..', `rt-user-${kind}-connect-${process.pid}.log`);
      const command = await straceWrapper(
        tmpdir(),
        `rt-user-${kind}-traced-${process.pid}`,
        cli.ok ? cli.path : '',
        log,
      );
      const events: StreamEvent[] = [];
      try {
        for await (const event of streamCliReply(
          {
            dialect,
            command,
            model: 'test-model',
            messages: [
              { role: 'system', content: 'You are Opus, at a shared table.' },
              { role: 'user', content: '[User] @opus Which gateway are you behind?' },
            ],
            timeouts: { firstByteMs: 60_000, stallMs: 60_000 },
          },
          launcher,
          new AbortController().signal,
        ))
          events.push(event);
      } finally {
        launcher.dispose();
      }
      const text = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
      expect(text).toBe('Through the gateway.');
      // Straight to the user's base URL, with the user's key: no tunnel, no other path (an MCP server on the stand-in
      // would have been asked for `/mcp`).
      const asked = standIn.requests.map((r) => `${r.method} ${r.path}`);
      expect(asked.length).toBe(1);
      expect(asked[0]).toMatch(/^POST \/v1(beta)?\//);
      const [request] = standIn.requests;
      expect(JSON.stringify(request?.headers)).toContain(SETTINGS_KEY);
      expect(request?.body).not.toContain(MEMORY_MARKER);
      // No tool reaches the model: an empty list, or none at all.
      expect(request?.body ?? '').not.toMatch(
        /"name":"(Bash|run_shell_command|write_file|shell|exec_command|list_mcp_resources)"/,
      );
      // Nothing hostile ran, and nothing in the home folder changed: no file, folder or link made, removed or written.
      expect((await readdir(home)).filter((name) => name.startsWith('RAN-'))).toEqual([]);
      expect(await homeSnapshot(home)).toEqual(before);
      await expect.poll(async () => readdir(TURNS)).toEqual([]);
      const network = (await connectionsIn(log)).filter((c) => c.family === 'AF_INET' || c.family === 'AF_INET6');
      expect(network.filter((c) => c.port !== standIn.port).map((c) => c.line)).toEqual([]);
      await rm(log, { force: true });
    });
  });

  block(`the real ${kind} CLI's login check`, { timeout: 60_000 }, () => {
    const dialect = dialectOf(kind as CliKind);
    let home: string;
    let TURNS: string;
    beforeAll(async () => {
      home = await mkdtemp(join(tmpdir(), `rt-login-${kind}-`));
      TURNS = await turnsRoot();
    });
    afterAll(async () => {
      await rm(home, { recursive: true, force: true });
      await rm(TURNS, { recursive: true, force: true });
    });

    async function check(): Promise<{ state: string; network: string[] }> {
      const log = join(tmpdir(), `rt-login-${kind}-${process.pid}.log`);
      const command = await straceWrapper(
        tmpdir(),
        `rt-login-${kind}-traced-${process.pid}`,
        cli.ok ? cli.path : '',
        log,
      );
      const state = await checkCliLogin(dialect, dialect.login?.command ? command : cli.ok ? cli.path : '', {
        env: cleanEnv(home),
        root: TURNS,
      });
      const connections = await connectionsIn(log);
      await rm(log, { force: true });
      // A name lookup is not a request: with a key set, Claude Code's status resolves api.anthropic.com (and
      // connects nowhere). Any other connection would be.
      const network = connections.filter((c) => c.family.startsWith('AF_INET') && c.port !== 53);
      return { state, network: network.map((c) => c.line) };
    }

    it('says signed out with no login at all, without a request, and leaves the home folder as it was', async () => {
      const before = await homeSnapshot(home);
      const { state, network } = await check();
      expect(state).toBe('signed-out');
      expect(network).toEqual([]);
      expect(await homeSnapshot(home)).toEqual(before);
      expect(await readdir(TURNS)).toEqual([]);
    });

    it('says signed in with a (placeholder) login the CLI accepts', async () => {
      if (kind === 'claude') {
        await mkdir(join(home, '.claude'), { recursive: true });
        await writeFile(
          join(home, '.claude', 'settings.json'),
          JSON.stringify({ env: { ANTHROPIC_API_KEY: `sk-ant-api03-${SETTINGS_KEY}` } }),
        );
      } else if (kind === 'codex') {
        await mkdir(join(home, '.codex'), { recursive: true });
        await writeFile(
          join(home, '.codex', 'auth.json'),
          JSON.stringify({ OPENAI_API_KEY: `sk-proj-${SETTINGS_KEY}`, tokens: null, last_refresh: null }),
          { mode: 0o600 },
        );
      } else {
        await mkdir(join(home, '.gemini'), { recursive: true });
        await writeFile(
          join(home, '.gemini', 'settings.json'),
          JSON.stringify({ security: { auth: { selectedType: 'oauth-personal' } } }),
        );
        await writeFile(join(home, '.gemini', 'oauth_creds.json'), '{"placeholder":true}', { mode: 0o600 });
      }
      const { state, network } = await check();
      expect(state).toBe('signed-in');
      expect(network).toEqual([]);
    });
  });
}
