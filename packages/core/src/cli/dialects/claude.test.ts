// Replays what the real Claude Code 2.1.328 printed against the loopback stand-in (fixtures/claude, written by
// packages/testkit/src/cliStandIns/record.ts, never by hand) through the stdout reader, and checks the dialect's
// arguments and environment. The stand-in is also the CLI's proxy, so each recording's request list is every
// connection the CLI opened.
import { describe, expect, test } from 'vitest';
import { continuationBytes, encode, expectCutsReadTheSame, recordings } from '../../../test/support/cliRecordings';
import type { StreamEvent } from '../../llm/types';
import { cliTurnForTests } from '../../testing/cliTurnForTests';
import { readCliOutput } from '../cliStream';
import { dialect } from './claude';

const { stdout, meta, lines, names: recorded } = recordings('claude');
const read = (bytes: Uint8Array) => readCliOutput(dialect, [bytes]);

const REPLY_TEXT = ['Back off ', 'exponentially, ', 'and honour Retry-After: ', 'é→✓'];
const REPLY_EVENTS: StreamEvent[] = [
  ...REPLY_TEXT.map((text): StreamEvent => ({ type: 'delta', text })),
  { type: 'usage', usage: { inputTokens: 42, outputTokens: 17 } },
  { type: 'finish', reason: 'end_turn' },
];
const LOGIN = 'Claude Code is not signed in: run `claude auth login` in a terminal.';

describe('recorded runs of the real CLI', () => {
  test('a reply streams chunk by chunk, then usage and the finish', () => {
    expect(read(stdout('reply'))).toEqual({ events: REPLY_EVENTS, unknown: 0, malformed: undefined, done: true });
    expect(meta('reply').exitCode).toBe(0);
  });

  const failures: [string, StreamEvent[]][] = [
    [
      'upstream-error',
      [
        {
          type: 'error',
          error: {
            kind: 'http',
            status: 500,
            message:
              "Claude Code's request failed: API Error: 500 Internal server error while sampling. This is a server-side issue, usually temporary — try again in a moment. If it persists, check your inference gateway (127.0.0.1:40395).",
          },
        },
      ],
    ],
    [
      'bad-request',
      [
        {
          type: 'error',
          error: {
            kind: 'http',
            status: 400,
            message:
              "Claude Code's request failed: API Error: 400 max_tokens: 99999999 > 64000, which is the maximum allowed",
          },
        },
      ],
    ],
    [
      'signed-out',
      [
        {
          type: 'error',
          error: { kind: 'account', status: 401, message: `${LOGIN} (Invalid API key · Fix external API key)` },
        },
      ],
    ],
    [
      'no-login',
      [{ type: 'error', error: { kind: 'account', message: `${LOGIN} (Not logged in · Please run /login)` } }],
    ],
    [
      'rate-limit',
      [
        {
          type: 'error',
          error: {
            kind: 'rate-limit',
            status: 429,
            message:
              'Claude Code hit a limit: API Error: Request rejected (429) · Number of request tokens has exceeded your per-minute rate limit',
          },
        },
      ],
    ],
    [
      'drop',
      [
        { type: 'delta', text: 'Backoff ' },
        { type: 'delta', text: 'with jitter' },
        {
          type: 'error',
          error: {
            kind: 'stream',
            message:
              "Claude Code's reply failed: API Error: Connection to the API was lost (ECONNRESET). This is usually temporary — try again.",
          },
        },
      ],
    ],
  ];
  test.each(failures)('%s ends with one error', (name, events) => {
    expect(read(stdout(name))).toEqual({ events, unknown: 0, malformed: undefined, done: true });
    expect(meta(name).exitCode).toBe(1);
  });

  test('with no login at all the CLI makes no request; a 400 is sent again without some betas, never retried later', () => {
    expect(meta('no-login').requests).toEqual([]);
    expect(meta('bad-request').requests).toHaveLength(3);
    for (const name of ['reply', 'upstream-error', 'signed-out', 'rate-limit', 'drop']) {
      expect(meta(name).requests).toEqual(['POST /v1/messages?beta=true']);
    }
  });

  test('no recording reached any host but the provider (a CONNECT would be a tunnel elsewhere)', () => {
    const names = recorded();
    expect(names.length).toBeGreaterThanOrEqual(7);
    for (const name of names) {
      for (const request of meta(name).requests) {
        expect(request).toMatch(/^POST \/v1\/messages\?beta=true$/);
      }
    }
  });
});

describe('bytes cut anywhere read the same', () => {
  test('every cut, one byte at a time, and any number of cuts (inside é, → and ✓ too) read as the whole', () => {
    const bytes = stdout('reply');
    expect(continuationBytes(bytes)).toBeGreaterThanOrEqual(6);
    expect(read(bytes)).toEqual({ events: REPLY_EVENTS, unknown: 0, malformed: undefined, done: true });
    expectCutsReadTheSame(dialect, bytes);
  });
});

describe('edited recordings', () => {
  const reply = lines('reply');
  const firstDelta = reply.findIndex((l) => l.includes('"text_delta"'));
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
      '{"type":"result","is_error":"no"}',
      '{"type":"stream_event","event":{"type":"content_block_delta","index":"0","delta":{"type":"text_delta"}}}',
      '{"type":"assistant","message":{"content":"not a list"}}',
      '{"type":"system"}',
      '[1,2]',
      'null',
    ]) {
      expect(read(withLine(line))).toEqual({ events: REPLY_EVENTS, unknown: 1, malformed: undefined, done: true });
    }
  });

  test('a result whose text never streamed is the CLI answering by itself, not the model', () => {
    const noDeltas = reply.filter((l) => !l.includes('"text_delta"')).join('\n');
    expect(read(encode(noDeltas)).events).toEqual([
      {
        type: 'error',
        error: {
          kind: 'stream',
          message: `Claude Code's reply failed: it answered by itself instead of asking the model: ${REPLY_TEXT.join('')}`,
        },
      },
    ]);
  });

  test('a dropped response before any text is shown lets the run go on', () => {
    const stop = reply.findIndex((l) => l.includes('"message_stop"'));
    const abandoned = reply.map((l, i) =>
      i === stop
        ? l.replace(
            '"event":{"type":"message_stop"}',
            '"event":{"type":"message_stop"},"abandoned_blocks":{"from_block_index":1}',
          )
        : l,
    );
    expect(abandoned[stop]).toContain('abandoned_blocks');
    expect(read(encode(abandoned.join('\n'))).events).toEqual(REPLY_EVENTS);
    const lost = abandoned.map((l, i) => (i === stop ? l.replace('"from_block_index":1', '"from_block_index":0') : l));
    expect(read(encode(lost.join('\n'))).events.at(-1)).toEqual({
      type: 'error',
      error: {
        kind: 'stream',
        message: "Claude Code's reply failed: the response broke off after part of the reply was shown",
      },
    });
  });

  test("a sub-agent's text is not the reply", () => {
    const delta = reply[firstDelta] ?? '';
    const sub = delta.replace('"parent_tool_use_id":null', '"parent_tool_use_id":"toolu_01"');
    expect(sub).not.toBe(delta);
    expect(read(withLine(sub)).events).toEqual(REPLY_EVENTS);
  });
});

describe('the command line', () => {
  const turn = cliTurnForTests({ model: 'claude-sonnet-5-5', systemPromptFile: '/private/turn/system.md' });
  const args = dialect.args(turn);
  const after = (flag: string) => args[args.indexOf(flag) + 1];

  test('carries the model and the prompt file, never a prompt', () => {
    expect(after('--model')).toBe('claude-sonnet-5-5');
    expect(after('--system-prompt-file')).toBe('/private/turn/system.md');
    expect(args).not.toContain('--system-prompt');
    expect(args).not.toContain('--append-system-prompt');
    expect(args.some((a) => /fetchJson|You are|\[User]/.test(a))).toBe(false);
    // No positional prompt: every value follows its flag.
    expect(args[0]).toBe('--print');
  });

  test('turns every tool, setting source, server, command and saved session off, and streams JSON', () => {
    expect(after('--tools')).toBe('');
    // The one settings source is the turn's own settings.json, in its private config folder.
    expect(after('--setting-sources')).toBe('user');
    expect(after('--mcp-config')).toBe('{"mcpServers":{}}');
    expect(after('--permission-mode')).toBe('dontAsk');
    expect(after('--permission-prompts')).toBe('none');
    expect(after('--output-format')).toBe('stream-json');
    expect(after('--input-format')).toBe('text');
    for (const flag of [
      '--strict-mcp-config',
      '--disable-slash-commands',
      '--no-session-persistence',
      '--include-partial-messages',
      '--verbose',
    ]) {
      expect(args).toContain(flag);
    }
    expect(args).not.toContain('--bare'); // it would stop reading the subscriber's login
  });

  test('the environment turns telemetry, updates, memory and retries off, with its state in the private home', () => {
    expect(dialect.env(turn)).toEqual({
      CLAUDE_CONFIG_DIR: '/private/home',
      CLAUDE_CODE_TMPDIR: '/private/home',
      CLAUDE_SECURESTORAGE_CONFIG_DIR: '',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1',
      CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1',
      CLAUDE_CODE_MAX_RETRIES: '0',
      CLAUDE_CODE_DISABLE_NONSTREAMING_FALLBACK: '1',
    });
  });
});

describe('version and words', () => {
  test('reads the real `claude --version` output', () => {
    expect(dialect.parseVersion('2.1.328 (Claude Code)\n')).toBe('2.1.328');
    expect(dialect.parseVersion('Claude Code, no version here')).toBeUndefined();
    expect(dialect.minimumVersion).toBe('2.1.328');
  });

  test('knows its own words for a missing login', () => {
    for (const words of [
      'Not logged in · Please run /login',
      'Invalid API key · Fix external API key',
      'Failed to authenticate. API Error: 401 OAuth token has expired',
      'OAuth token revoked · Please run /login',
      'Login expired · Please run /login',
    ]) {
      expect(dialect.saysSignedOut(words)).toBe(true);
    }
    expect(dialect.saysSignedOut('API Error: 500 Internal server error')).toBe(false);
  });
});
