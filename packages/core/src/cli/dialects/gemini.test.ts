// Replays what the real Gemini CLI 0.61.0 printed against the loopback stand-in of the Gemini API (fixtures/gemini,
// written by packages/testkit/src/cliStandIns/record.ts, never by hand) through the stdout reader, and checks the
// dialect's arguments and environment. Each recording's request list is every request the stand-in received.
import { describe, expect, test } from 'vitest';
import { continuationBytes, encode, expectCutsReadTheSame, recordings } from '../../../test/support/cliRecordings';
import type { StreamEvent } from '../../llm/types';
import { cliTurnForTests } from '../../testing/cliTurnForTests';
import { readCliOutput } from '../cliStream';
import { classify, dialect, NO_MCP_SERVER, NO_TOOL, SYSTEM_SETTINGS, SYSTEM_SETTINGS_FILE } from './gemini';

const { stdout, meta, lines, stderr, names: recorded } = recordings('gemini');
const read = (bytes: Uint8Array) => readCliOutput(dialect, [bytes]);

const REPLY_TEXT = ['Back off ', 'exponentially, ', 'and honour Retry-After: ', 'é→✓'];
const REPLY_EVENTS: StreamEvent[] = [
  ...REPLY_TEXT.map((text): StreamEvent => ({ type: 'delta', text })),
  { type: 'usage', usage: { inputTokens: 42, outputTokens: 17 } },
  { type: 'finish', reason: 'stop' },
];
const LOGIN = 'Gemini CLI is not signed in: run `gemini` in a terminal.';
const STREAM_REQUEST = 'POST /v1beta/models/test-model:streamGenerateContent?alt=sse';

describe('recorded runs of the real CLI', () => {
  test('a reply streams chunk by chunk, then usage and the finish', () => {
    expect(read(stdout('reply'))).toEqual({ events: REPLY_EVENTS, unknown: 0, malformed: undefined, done: true });
    expect(meta('reply').exitCode).toBe(0);
  });

  // The exit code is the HTTP status modulo 256 (400 → 144, 401 → 145, 429 → 173); a broken stream exits 1.
  const failures: [string, number, StreamEvent[]][] = [
    [
      'upstream-error',
      144,
      [
        {
          type: 'error',
          error: {
            kind: 'http',
            status: 400,
            message:
              "Gemini CLI's request failed: * GenerateContentRequest.contents: contents is not specified (INVALID_ARGUMENT)",
          },
        },
      ],
    ],
    [
      'signed-out',
      145,
      [
        {
          type: 'error',
          error: {
            kind: 'account',
            status: 401,
            message: `${LOGIN} (Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. (UNAUTHENTICATED))`,
          },
        },
      ],
    ],
    [
      'rate-limit',
      173,
      [
        {
          type: 'error',
          error: {
            kind: 'rate-limit',
            code: 'usage_limit_reached',
            message:
              'Gemini CLI hit a limit: [API Error: You have exhausted your daily quota on this model.]\nPlease wait and try again later. To increase your limits, request a quota increase through AI Studio, or switch to another /auth method',
          },
        },
      ],
    ],
    [
      'drop',
      1,
      [
        { type: 'delta', text: 'Back off ' },
        { type: 'delta', text: 'exponen' },
        { type: 'error', error: { kind: 'stream', message: "Gemini CLI's reply failed: [API Error: terminated]" } },
      ],
    ],
  ];
  test.each(failures)('%s ends with one error (exit %i)', (name, exitCode, events) => {
    expect(read(stdout(name))).toEqual({ events, unknown: 0, malformed: undefined, done: true });
    expect(meta(name).exitCode).toBe(exitCode);
  });

  test('with no login the CLI prints nothing on stdout, says so on stderr, exits 41 and asks for nothing', () => {
    expect(read(stdout('no-login'))).toEqual({ events: [], unknown: 0, malformed: undefined, done: false });
    expect(meta('no-login').exitCode).toBe(41);
    expect(meta('no-login').requests).toEqual([]);
    expect(dialect.saysSignedOut(stderr('no-login'))).toBe(true);
  });

  test('every other run made exactly one request, the streamed one, and nothing else (no retry, no side call)', () => {
    const names = recorded();
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const name of ['reply', 'upstream-error', 'signed-out', 'rate-limit', 'drop']) {
      expect(meta(name).requests).toEqual([STREAM_REQUEST]);
    }
  });
});

describe('bytes cut anywhere read the same', () => {
  test('every cut, one byte at a time, and any number of cuts (inside é, → and ✓ too) read as the whole', () => {
    const bytes = stdout('reply');
    // é has one continuation byte, → and ✓ two each.
    expect(continuationBytes(bytes)).toBe(5);
    expect(read(bytes)).toEqual({ events: REPLY_EVENTS, unknown: 0, malformed: undefined, done: true });
    expectCutsReadTheSame(dialect, bytes);
  });
});

describe('edited recordings', () => {
  const reply = lines('reply');
  const firstDelta = reply.findIndex((l) => l.includes('"delta":true'));
  const withLine = (line: string, at = firstDelta + 1) =>
    encode([...reply.slice(0, at), line, ...reply.slice(at)].join('\n'));

  test('a line that is not JSON stops the reading where it stands', () => {
    const reading = read(withLine('Error: something went wrong'));
    expect(reading.events).toEqual([{ type: 'delta', text: 'Back off ' }]);
    expect(reading.malformed).toBe('Error: something went wrong');
    expect(reading.done).toBe(false);
  });

  test('an unknown event type, or a known one with wrong fields, is counted and skipped', () => {
    for (const line of [
      '{"type":"made_up_event","x":1}',
      '{"type":"tool_use","tool_name":"read_file","tool_id":"t1","parameters":{}}',
      '{"type":"message","role":"assistant","content":7,"delta":true}',
      '{"type":"message","role":"system","content":"?"}',
      '{"type":"result","status":"success","stats":{"input_tokens":"many"}}',
      '{"type":"error","message":"no severity"}',
      '{"type":"init"}',
      '[1,2]',
      'null',
    ]) {
      expect(read(withLine(line))).toEqual({ events: REPLY_EVENTS, unknown: 1, malformed: undefined, done: true });
    }
  });

  test('a warning is passed over; a failed result without its own error takes the error line before it', () => {
    const warning = '{"type":"error","timestamp":"t","severity":"warning","message":"Loop detected"}';
    expect(read(withLine(warning))).toEqual({ events: REPLY_EVENTS, unknown: 0, malformed: undefined, done: true });
    // What the CLI prints for a response the API blocked: the reason, then a result with no `error` field.
    const blocked = [
      ...reply.slice(0, firstDelta),
      '{"type":"error","timestamp":"t","severity":"error","message":"The response was blocked for safety reasons."}',
      '{"type":"result","timestamp":"t","status":"error","stats":{"input_tokens":0,"output_tokens":0}}',
    ];
    expect(read(encode(blocked.join('\n'))).events).toEqual([
      {
        type: 'error',
        error: { kind: 'stream', message: "Gemini CLI's reply failed: The response was blocked for safety reasons." },
      },
    ]);
  });

  test('nothing after the result is read', () => {
    const after = encode(`${reply.join('\n')}\n{"type":"message","role":"assistant","content":"late","delta":true}\n`);
    expect(read(after)).toEqual({ events: REPLY_EVENTS, unknown: 0, malformed: undefined, done: true });
  });
});

describe('errors in the words of the CLI', () => {
  test('a quoted API error keeps its status; 403 is the account, 5xx plain HTTP', () => {
    const quoted = (code: number, status: string) =>
      `[API Error: {"error":{"code":${code},"message":"m${code}","status":"${status}"}}]`;
    expect(classify(quoted(403, 'PERMISSION_DENIED'))).toEqual({
      kind: 'account',
      status: 403,
      message: "Gemini CLI's login was refused: m403 (PERMISSION_DENIED)",
    });
    expect(classify(quoted(503, 'UNAVAILABLE'))).toEqual({
      kind: 'http',
      status: 503,
      message: "Gemini CLI's request failed: m503 (UNAVAILABLE)",
    });
    expect(classify(quoted(429, 'RESOURCE_EXHAUSTED')).kind).toBe('rate-limit');
  });

  test("the provider's text is kept, bounded", () => {
    const long = classify(`[API Error: ${'x'.repeat(2000)}]`);
    expect(long.kind).toBe('stream');
    expect(long.message.length).toBeLessThan(600);
  });
});

const turn = cliTurnForTests({ model: 'gemini-2.5-pro', systemPromptFile: '/private/turn/system.md' });

describe('the command line', () => {
  const args = dialect.args(turn);
  const after = (flag: string) => args[args.indexOf(flag) + 1];

  test('carries the model and an empty prompt (the transcript is stdin), never the prompt or system prompt', () => {
    expect(after('--model')).toBe('gemini-2.5-pro');
    expect(after('--prompt')).toBe('');
    expect(args.some((a) => /fetchJson|You are|\[User]|system\.md/.test(a))).toBe(false);
    // Every value follows its flag: no positional prompt, and the array flags end where the next flag starts.
    expect(args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))).toEqual([]);
  });

  test('streams JSON and turns extensions, MCP servers, auto-approved tools and the trust prompt off', () => {
    expect(after('--output-format')).toBe('stream-json');
    expect(after('--approval-mode')).toBe('default');
    expect(after('--extensions')).toBe('none');
    expect(after('--allowed-mcp-server-names')).toBe(NO_MCP_SERVER);
    expect(after('--allowed-tools')).toBe(NO_TOOL);
    expect(args).toContain('--skip-trust');
    for (const flag of ['--yolo', '--resume', '--sandbox', '--include-directories', '--debug']) {
      expect(args).not.toContain(flag);
    }
  });

  test('the environment: the system prompt file, the private home, one process, no telemetry, temporary files in the turn folder', () => {
    expect(dialect.env(turn)).toEqual({
      GEMINI_SYSTEM_MD: '/private/turn/system.md',
      GEMINI_CLI_HOME: '/private/home',
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: `/private/turn/${SYSTEM_SETTINGS_FILE}`,
      GEMINI_CLI_NO_RELAUNCH: 'true',
      GEMINI_TELEMETRY_ENABLED: 'false',
      TMPDIR: '/private/turn',
      TMP: '/private/turn',
      TEMP: '/private/turn',
      GEMINI_CLI_IDE_WORKSPACE_PATH: '',
      NO_COLOR: '1',
    });
  });
});

describe('the settings file in the turn folder', () => {
  test('turns off what no flag can: every core tool, hooks, MCP, usage statistics, retries, parent .env files', () => {
    const files = dialect.files?.(turn) ?? {};
    expect(Object.keys(files)).toEqual([SYSTEM_SETTINGS_FILE]);
    const settings = JSON.parse(files[SYSTEM_SETTINGS_FILE] ?? '{}');
    expect(settings).toEqual(JSON.parse(JSON.stringify(SYSTEM_SETTINGS)));
    expect(settings.tools.core).toEqual([]);
    expect(settings.hooksConfig.enabled).toBe(false);
    expect(settings.admin.mcp.enabled).toBe(false);
    expect(settings.privacy.usageStatisticsEnabled).toBe(false);
    expect(settings.general.maxAttempts).toBe(1);
    expect(settings.advanced.ignoreLocalEnv).toBe(true);
    // The CLI is pointed at that very file.
    expect(dialect.env(turn).GEMINI_CLI_SYSTEM_SETTINGS_PATH).toBe(turn.fileIn(SYSTEM_SETTINGS_FILE));
  });
});

describe('version and words', () => {
  test('reads the real `gemini --version` output', () => {
    expect(dialect.parseVersion('0.61.0\n')).toBe('0.61.0');
    expect(dialect.parseVersion('Gemini CLI, no version here')).toBeUndefined();
    expect(dialect.minimumVersion).toBe('0.61.0');
  });

  test('knows its own words for a missing login', () => {
    for (const words of [
      'Please set an Auth method in your /home/u/.gemini/settings.json or specify one of the following environment variables before running: GEMINI_API_KEY, GOOGLE_GENAI_USE_VERTEXAI, GOOGLE_GENAI_USE_GCA',
      'Manual authorization is required but the current session is non-interactive. Please run the Gemini CLI in an interactive terminal to log in, provide a GEMINI_API_KEY, or ensure Application Default Credentials are configured.',
      'When using Gemini API, you must specify the GEMINI_API_KEY environment variable.',
      'API key not valid. Please pass a valid API key.',
    ]) {
      expect(dialect.saysSignedOut(words)).toBe(true);
    }
    expect(dialect.saysSignedOut('[API Error: terminated]')).toBe(false);
    expect(dialect.loginCommand).toBe('gemini');
  });
});
