// Replays what the real Codex CLI 0.169.0 printed against the loopback stand-in (fixtures/codex, written by
// packages/testkit/src/cliStandIns/record.ts, never by hand) through the stdout reader, and checks the dialect's
// arguments and environment. The stand-in is also the CLI's HTTPS proxy, so each recording's request list is every
// connection the CLI opened.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REAL_CLIS, realCli } from '../../../../testkit/src/real/realClis';
import { encode, expectCutsReadTheSame, recordings } from '../../../test/support/cliRecordings';
import type { StreamEvent } from '../../llm/types';
import { cliTurnForTests } from '../../testing/cliTurnForTests';
import { cliInput } from '../cliInput';
import { readCliOutput } from '../cliStream';
import { dialect } from './codex';

const { stdout, meta, text } = recordings('codex');
const read = (bytes: Uint8Array) => readCliOutput(dialect, [bytes]);
/** The reply's recorded lines with `edit` applied to the list (a line inserted, doubled…). */
const edited = (edit: (lines: string[]) => string[]) => encode(edit(text('reply').split('\n')).join('\n'));
const indexOf = (lines: string[], type: string) => lines.findIndex((line) => line.includes(`"type":"${type}"`));

const FIXTURES = ['reply', 'upstream-error', 'signed-out', 'rate-limit', 'server-error', 'drop'];
const REPLY_TEXT = 'Retry with exponential backoff, and honour Retry-After: é→✓';
const REPLY_EVENTS: StreamEvent[] = [
  { type: 'delta', text: REPLY_TEXT },
  { type: 'usage', usage: { inputTokens: 1234, outputTokens: 56 } },
  { type: 'finish', reason: 'stop' },
];
const LOGIN = 'Codex CLI is not signed in: run `codex login` in a terminal.';
const TURN = cliTurnForTests({
  systemPromptFile: '<workdir>/system.md',
  workDir: '<workdir>',
  fileIn: (name: string) => `<workdir>/${name}`,
});

describe('recorded runs of the real CLI', () => {
  test('a reply arrives whole (this version streams no deltas in --json), then usage and the finish', () => {
    expect(read(stdout('reply'))).toEqual({ events: REPLY_EVENTS, unknown: 0, malformed: undefined, done: true });
    expect(meta('reply').exitCode).toBe(0);
  });

  const failures: [string, StreamEvent][] = [
    [
      'upstream-error',
      {
        type: 'error',
        error: { kind: 'http', message: "Invalid value for 'input': the prompt is too long for this model." },
      },
    ],
    [
      'signed-out',
      {
        type: 'error',
        error: {
          kind: 'account',
          status: 401,
          message: `${LOGIN} (unexpected status 401 Unauthorized: Incorrect API key provided: sk-round*****************lder. You can find your API key at https://platform.openai.com/account/api-keys.)`,
        },
      },
    ],
    [
      'rate-limit',
      {
        type: 'error',
        error: { kind: 'rate-limit', status: 429, message: 'exceeded retry limit, last status: 429 Too Many Requests' },
      },
    ],
    [
      'server-error',
      {
        type: 'error',
        error: { kind: 'http', message: 'We’re currently experiencing high demand, which may cause temporary errors.' },
      },
    ],
    [
      'drop',
      {
        type: 'error',
        error: {
          kind: 'stream',
          message:
            'stream disconnected before completion: Transport error: network error: error decoding response body',
        },
      },
    ],
  ];
  test.each(failures)('%s ends with one error, after the retry notices it ignores', (name, error) => {
    expect(read(stdout(name))).toEqual({ events: [error], unknown: 0, malformed: undefined, done: true });
    expect(meta(name).exitCode).toBe(1);
  });

  test.each(FIXTURES)('%s was recorded with the arguments the dialect gives now', (name) => {
    expect(meta(name).args).toEqual(dialect.args(TURN));
  });

  test.each(FIXTURES)('%s reached nothing but the provider (api.openai.com through the stand-in proxy)', (name) => {
    const { requests } = meta(name);
    expect(requests).toContain('POST /v1/responses');
    for (const request of requests) {
      expect(request).toMatch(/^(CONNECT api\.openai\.com:443|POST \/v1\/responses|GET \(upgrade\) \/v1\/responses)$/);
    }
  });
});

describe('how the bytes are cut does not matter', () => {
  test.each(FIXTURES)('%s cut anywhere (inside a UTF-8 character too), or a byte at a time, reads the same', (name) => {
    expectCutsReadTheSame(dialect, stdout(name), 100);
  });
});

describe('lines the recordings do not have', () => {
  test('a line that is not JSON stops the reading: no reply, no finish', () => {
    const bytes = edited((lines) =>
      lines.toSpliced(indexOf(lines, 'turn.started') + 1, 0, 'panicked at core/src/x.rs'),
    );
    expect(read(bytes)).toEqual({ events: [], unknown: 0, malformed: 'panicked at core/src/x.rs', done: false });
  });

  test('an event type it does not know, or a known one with the wrong fields, is counted and skipped', () => {
    const bytes = edited((lines) =>
      lines.toSpliced(
        indexOf(lines, 'turn.completed'),
        0,
        '{"type":"turn.diff","diff":"+x"}',
        '{"type":"turn.completed","usage":"lots"}',
        '{"type":"constructor"}',
        '[1,2]',
      ),
    );
    expect(read(bytes)).toEqual({ events: REPLY_EVENTS, unknown: 4, malformed: undefined, done: true });
  });

  test('several agent messages in one turn are joined by a blank line; tool and reasoning items add nothing', () => {
    const bytes = edited((lines) => {
      const at = indexOf(lines, 'agent_message');
      const second = lines[at]?.replace(REPLY_TEXT, 'Second thought.') ?? '';
      const reasoning = '{"type":"item.completed","item":{"id":"item_9","type":"reasoning","text":"thinking"}}';
      const tool = '{"type":"item.started","item":{"id":"item_8","type":"command_execution","command":"ls"}}';
      return lines.toSpliced(at + 1, 0, reasoning, tool, second);
    });
    expect(read(bytes).events.slice(0, 2)).toEqual([
      { type: 'delta', text: REPLY_TEXT },
      { type: 'delta', text: '\n\nSecond thought.' },
    ]);
  });
});

describe('the command line and environment', () => {
  const turn = cliTurnForTests({
    model: 'gpt-5.5',
    systemPromptFile: '/tmp/rt-turn-x/system.md',
    workDir: '/tmp/rt-turn-x',
    fileIn: (name: string) => `/tmp/rt-turn-x/${name}`,
  });
  const args = dialect.args(turn);
  const overrides = args.flatMap((arg, i) => (args[i - 1] === '-c' ? [arg] : []));
  const disabled = args.flatMap((arg, i) => (args[i - 1] === '--disable' ? [arg] : []));

  test('carry neither the transcript nor the system prompt: stdin (`-`) and a file do', () => {
    const input = cliInput([
      { role: 'system', content: 'You are Codex, one of several assistants.' },
      { role: 'user', content: '[User] @all How should fetchJson retry?' },
    ]);
    const line = args.join(' ');
    expect(line).not.toContain(input.system);
    expect(line).not.toContain('fetchJson');
    expect(args.at(-1)).toBe('-');
    expect(overrides).toContain('model_instructions_file="/tmp/rt-turn-x/system.md"');
  });

  test('run one ephemeral, read-only exec with no user config and the seat’s model', () => {
    expect(args[0]).toBe('exec');
    for (const flag of ['--json', '--ephemeral', '--skip-git-repo-check', '--ignore-user-config', '--ignore-rules']) {
      expect(args).toContain(flag);
    }
    expect(args.slice(args.indexOf('--sandbox'), args.indexOf('--sandbox') + 2)).toEqual(['--sandbox', 'read-only']);
    expect(args.slice(args.indexOf('--model'), args.indexOf('--model') + 2)).toEqual(['--model', 'gpt-5.5']);
    expect(args.slice(args.indexOf('--cd'), args.indexOf('--cd') + 2)).toEqual(['--cd', '/tmp/rt-turn-x']);
  });

  test('turn off every tool, instruction block, telemetry and history', () => {
    for (const feature of ['shell_tool', 'unified_exec', 'view_image', 'apps', 'plugins', 'hooks', 'multi_agent']) {
      expect(disabled).toContain(feature);
    }
    for (const override of [
      'approval_policy="never"',
      'web_search="disabled"',
      'mcp_servers={}',
      'project_doc_max_bytes=0',
      'history.persistence="none"',
      'analytics.enabled=false',
      'agents.enabled=false',
      'include_environment_context=false',
      'tools.experimental_request_user_input.enabled=false',
    ]) {
      expect(overrides).toContain(override);
    }
    // Every override is a key=value after its own `-c` (a bare key=value would be read as the prompt).
    expect(overrides.every((o) => /^[a-z_.]+=\S/.test(o))).toBe(true);
  });

  test('the environment takes away the execution environment and moves CODEX_HOME to the private home', () => {
    expect(dialect.env(turn)).toEqual({
      CODEX_EXEC_SERVER_URL: 'none',
      CODEX_SQLITE_HOME: '/private/home',
      CODEX_HOME: '/private/home',
    });
    // The login and the variables file are linked there, never read.
    expect(dialect.homeLinks?.(turn)).toEqual({
      'auth.json': '/home/u/.codex/auth.json',
      '.env': '/home/u/.codex/.env',
    });
  });

  test('a login kept in the keyring keeps the user CODEX_HOME (the keyring files it under that folder)', () => {
    for (const store of ['"keyring"', "'auto'"]) {
      const keyring = cliTurnForTests({
        userFiles: { '/home/u/.codex/config.toml': `cli_auth_credentials_store = ${store}\n` },
      });
      expect(dialect.env(keyring).CODEX_HOME).toBeUndefined();
      expect(dialect.homeLinks?.(keyring)).toEqual({});
    }
  });

  test('on Windows the user CODEX_HOME stays: Codex refuses to save a refreshed login over a hard link', () => {
    const windows = cliTurnForTests({ platform: 'win32' });
    expect(dialect.env(windows).CODEX_HOME).toBeUndefined();
    expect(dialect.env(windows).CODEX_SQLITE_HOME).toBe('/private/home');
    expect(dialect.homeLinks?.(windows)).toEqual({});
  });
});

describe('version and login', () => {
  test('parseVersion reads `codex --version`', () => {
    expect(dialect.parseVersion('codex-cli 0.169.0\n')).toBe('0.169.0');
    expect(dialect.parseVersion('WARNING: proceeding…\ncodex-cli 1.2.3')).toBe('1.2.3');
    expect(dialect.parseVersion('claude 2.1.328')).toBeUndefined();
    expect(dialect.minimumVersion).toBe('0.169.0');
  });

  const cli = realCli('codex');
  test.runIf(cli.ok)('parseVersion reads the pinned CLI’s own --version', () => {
    const home = mkdtempSync(join(tmpdir(), 'rt-codex-version-'));
    try {
      const path = cli.ok ? cli.path : '';
      const out = execFileSync(path, ['--version'], { env: { ...process.env, HOME: home, CODEX_HOME: home } });
      expect(dialect.parseVersion(out.toString())).toBe(REAL_CLIS.codex.version);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  test('saysSignedOut knows Codex’s and OpenAI’s words, and nothing else', () => {
    expect(dialect.saysSignedOut('Not logged in')).toBe(true); // `codex login status`, stderr
    expect(dialect.saysSignedOut('Your refresh token has expired. Please log out and sign in again.')).toBe(true);
    expect(dialect.saysSignedOut('No prompt provided via stdin.')).toBe(false);
    expect(dialect.saysSignedOut('exceeded retry limit, last status: 429 Too Many Requests')).toBe(false);
    expect(dialect.loginCommand).toBe('codex login');
  });
});
