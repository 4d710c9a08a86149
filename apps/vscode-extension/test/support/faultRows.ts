import type { ChatErrorKind } from '@roundtable/core';
import { type FakeProxy, type FakeProxyOptions, fakeErrors, type Scenario } from '@roundtable/testkit';
import type { ChatTuning } from '../../src/proxy/createChatBackend';
import type { HopFault } from './faultyHop';
import { seat } from './turnHarness';

// The rows of the stream fault matrix (faultMatrix.integration.test.ts): what the second of three responders meets,
// and how its reply must end. This file holds the table's seats and the errors CLIProxyAPI answers before a stream;
// streamFaultRows.ts the faults of the stream itself and the oversized inputs.

export const claude = seat('claude', 'Claude', 'claude-sonnet-4-6');
export const gpt = seat('gpt', 'GPT', 'gpt-5.5');
export const gemini = seat('gemini', 'Gemini', 'gemini-3-flash');
export const PROMPT = '@all what do you make of this?';
export const CLAUDE_ECHO = `Fake claude-sonnet-4-6 received 2 messages: system, user[User].\n\nYou said: [User] ${PROMPT}`;

/** The second responder's reply when a streaming scenario writes it: nine words, three to a chunk. */
export const GPT_TEXT = 'one two three four five six seven eight nine';
/** What reaches the client of GPT_TEXT before a fault `afterChunks: 3` (a Codex-style reasoning chunk, two pieces). */
export const GPT_PARTIAL = 'one two three four five six ';

/** For the rows about time: short enough to keep the file fast, long enough for the healthy replies. */
export const SHORT = { firstByteMs: 1_000, stallMs: 1_000 };

const SET_KEY =
  "Run the command “Roundtable: Set Proxy Access Key” and enter one of the keys in the proxy's `api-keys` list.";
const COOLING_NOTE =
  'CLIProxyAPI now pauses gpt-5.5 for about a minute after a failure, so a retry right away cannot work; try again in a minute.';

export interface FaultRow {
  name: string;
  /** What the second responder's request meets: a fake proxy scenario, or a fault of a hop in front of the proxy. */
  fault: Scenario | { hop: HopFault };
  /** The scenario is queued this many times (a fault the client's one retry meets again). Default 1. */
  times?: number;
  proxy?: FakeProxyOptions;
  timeouts?: ChatTuning['timeouts'];
  status: 'complete' | 'error';
  kind?: ChatErrorKind;
  /** The whole message, or its pattern when it holds a cause or a time. */
  message?: string | RegExp;
  /** The provider's own words, which must survive in the message. */
  keeps?: string[];
  /** The faulty reply's content, exactly: everything received before the fault. */
  content: string;
  /** The third responder's reply, when the fake's echo of a huge partial would be a fault of its own. */
  thirdReply?: string;
  /** More to check once the turn is over. */
  after?: (proxy: FakeProxy) => Promise<void> | void;
}

type Expected = Omit<FaultRow, 'name' | 'fault'> & { make?: () => Scenario };

/** One row per `fakeErrors` entry; the type makes a new entry a compile error here until it has its row. */
const errorRows: Record<keyof typeof fakeErrors, Expected> = {
  missingAccessKey: {
    status: 'error',
    kind: 'proxy-auth',
    content: '',
    message: `CLIProxyAPI wants an access key and Roundtable sent none (“Missing API key”). ${SET_KEY}`,
  },
  wrongAccessKey: {
    status: 'error',
    kind: 'proxy-auth',
    content: '',
    message: `CLIProxyAPI rejected Roundtable's access key (“Invalid API key”). ${SET_KEY}`,
  },
  exampleAccessKeys: {
    status: 'error',
    kind: 'proxy-auth',
    content: '',
    keeps: ['api-keys still contains the example keys (your-api-key-1, your-api-key-2, your-api-key-3)'],
    message:
      'CLIProxyAPI refuses every request because its config.yaml still lists the example api-keys (unsafe_example_api_key: ' +
      'api-keys still contains the example keys (your-api-key-1, your-api-key-2, your-api-key-3); replace them in config.yaml). ' +
      'Replace them with a random key of your own, restart the proxy, then enter that key with the command “Roundtable: Set Proxy Access Key”.',
  },
  openAiError: {
    status: 'error',
    kind: 'http',
    content: '',
    message:
      'CLIProxyAPI rejected the request with HTTP 400: Third-party apps now draw from your extra usage, not your plan limits.',
  },
  anthropicRateLimit: {
    status: 'error',
    kind: 'rate-limit',
    content: '',
    message:
      "The provider is rate-limiting this account: This request would exceed your account's rate limit. Please try again later.",
  },
  googleResourceExhausted: {
    status: 'error',
    kind: 'rate-limit',
    content: '',
    message:
      'The provider is rate-limiting this account: Resource has been exhausted (e.g. check quota). Try again later.',
  },
  modelCooldown: {
    make: () => fakeErrors.modelCooldown(gpt.model, 90),
    status: 'error',
    kind: 'rate-limit',
    content: '',
    message:
      'CLIProxyAPI is holding this model back: All credentials for model gpt-5.5 are cooling down via provider codex. Try again in 1 min 30 s.',
  },
  authUnavailable: {
    make: () => fakeErrors.authUnavailable(gpt.model),
    status: 'error',
    kind: 'account',
    content: '',
    message:
      'CLIProxyAPI has no usable account for this model (auth_unavailable: no auth available (providers=codex, model=gpt-5.5)). ' +
      'To fix it, log in to codex in CLIProxyAPI, or wait if the account is cooling down.',
  },
  codexUsageLimit: {
    status: 'error',
    kind: 'rate-limit',
    content: '',
    message:
      'The provider account has reached its usage limit: The usage limit has been reached. Try again in 3 h 25 min.',
  },
  upstreamAuth: {
    status: 'error',
    kind: 'account',
    content: '',
    message:
      'The provider login behind CLIProxyAPI was rejected: unauthorized: OAuth token has expired. ' +
      "Log in to that provider again in CLIProxyAPI; Roundtable's access key itself was accepted.",
  },
  modelNotFound: {
    make: () => fakeErrors.modelNotFound(gpt.model),
    status: 'error',
    kind: 'http',
    content: '',
    message:
      'CLIProxyAPI cannot serve this model: unknown provider for model gpt-5.5. Pick a model the proxy lists, or log in to the provider that offers it.',
  },
  notFound: {
    status: 'error',
    kind: 'http',
    content: '',
    message: 'CLIProxyAPI has no such endpoint (HTTP 404). Check that the proxy URL ends in /v1.',
  },
  unexpectedEof: {
    make: () => ({
      kind: 'mid-stream-error',
      text: GPT_TEXT,
      afterChunks: 3,
      error: fakeErrors.unexpectedEof(),
      coolsDown: false,
    }),
    status: 'error',
    kind: 'stream',
    content: GPT_PARTIAL,
    message:
      "The provider's connection dropped in the middle of the reply (“unexpected EOF”); the reply is incomplete. Retry to get the rest.",
  },
  serverError: {
    // The client's retry meets the proxy's cooling 503: the user reads the first error, with the pause explained.
    status: 'error',
    kind: 'http',
    content: '',
    message: `CLIProxyAPI failed with HTTP 500: Post "https://auth.openai.com/oauth/token": EOF. ${COOLING_NOTE}`,
  },
};

const fakeErrorRows: FaultRow[] = (Object.keys(fakeErrors) as (keyof typeof fakeErrors)[]).map((name) => {
  const { make, ...expected } = errorRows[name];
  return { name: `fakeErrors.${name}`, fault: make ? make() : (fakeErrors[name]() as Scenario), ...expected };
});

/**
 * Shapes `fakeErrors` has no entry for (older builds, other versions, text from something in between), and the
 * client's one retry of a 5xx, with the proxy's cooling on and off.
 */
const moreHttpRows: FaultRow[] = [
  ...[502, 503].map(
    (status): FaultRow => ({
      name: `an upstream ${status} (retried once, into the pause)`,
      fault: fakeErrors.serverError(status),
      status: 'error',
      kind: 'http',
      content: '',
      message: `CLIProxyAPI failed with HTTP ${status}: Post "https://auth.openai.com/oauth/token": EOF. ${COOLING_NOTE}`,
    }),
  ),
  {
    name: 'an unknown model on an older proxy (502, not paused: the retry meets it again)',
    fault: {
      kind: 'error',
      status: 502,
      body: {
        error: { message: 'unknown provider for model gpt-5.5', type: 'server_error', code: 'internal_server_error' },
      },
    },
    times: 2,
    proxy: { coolingMs: 0 },
    status: 'error',
    kind: 'http',
    content: '',
    message:
      'CLIProxyAPI cannot serve this model: unknown provider for model gpt-5.5. Pick a model the proxy lists, or log in to the provider that offers it.',
  },
  {
    name: 'auth_unavailable as a 500 (older builds)',
    fault: { ...fakeErrors.authUnavailable(gpt.model), status: 500 },
    times: 2,
    proxy: { coolingMs: 0 },
    status: 'error',
    kind: 'account',
    content: '',
    message:
      'CLIProxyAPI has no usable account for this model (auth_unavailable: no auth available (providers=codex, model=gpt-5.5)). ' +
      'To fix it, log in to codex in CLIProxyAPI, or wait if the account is cooling down.',
  },
  {
    name: 'an image-only model on the chat endpoint (503)',
    fault: {
      kind: 'error',
      status: 503,
      body: {
        error: {
          message: 'model gpt-5.5 is only supported on /v1/images/generations',
          type: 'server_error',
          code: 'internal_server_error',
        },
      },
    },
    times: 2,
    proxy: { coolingMs: 0 },
    status: 'error',
    kind: 'http',
    content: '',
    message: 'CLIProxyAPI failed with HTTP 503: model gpt-5.5 is only supported on /v1/images/generations.',
  },
  {
    name: 'a model cooldown with Retry-After (some versions)',
    fault: fakeErrors.modelCooldown(gpt.model, 64, true),
    status: 'error',
    kind: 'rate-limit',
    content: '',
    message:
      'CLIProxyAPI is holding this model back: All credentials for model gpt-5.5 are cooling down via provider codex. Try again in 1 min 4 s.',
  },
  {
    name: 'a 429 that arrives late (the proxy retried it itself), no Retry-After',
    fault: fakeErrors.anthropicRateLimit(),
    proxy: { rateLimitDelayMs: 300 },
    status: 'error',
    kind: 'rate-limit',
    content: '',
    message:
      "The provider is rate-limiting this account: This request would exceed your account's rate limit. Please try again later.",
  },
  {
    name: 'a 429 in plain text with Retry-After',
    fault: { kind: 'error', status: 429, body: 'Too Many Requests', headers: { 'Retry-After': '30' } },
    status: 'error',
    kind: 'rate-limit',
    content: '',
    message: 'The provider is rate-limiting this account: Too Many Requests. Try again in 30 s.',
  },
  {
    name: 'a 502 in plain text from something in between',
    fault: { kind: 'error', status: 502, body: 'Bad Gateway' },
    status: 'error',
    kind: 'http',
    content: '',
    message: `CLIProxyAPI failed with HTTP 502: Bad Gateway. ${COOLING_NOTE}`,
  },
  {
    name: "gin's text 404",
    fault: { kind: 'error', status: 404, body: '404 page not found' },
    status: 'error',
    kind: 'http',
    content: '',
    message: 'CLIProxyAPI has no such endpoint (HTTP 404: 404 page not found). Check that the proxy URL ends in /v1.',
  },
  {
    name: 'a 5xx once, then the retry succeeds (cooling off)',
    fault: { kind: 'flaky' },
    proxy: { coolingMs: 0 },
    status: 'complete',
    content: `Fake gpt-5.5 received 3 messages: system, user[User], user[Claude]:.\n\nYou said: [Claude]: ${CLAUDE_ECHO}`,
  },
  {
    name: 'a 5xx once, the retry meets the pause (cooling on, the default)',
    fault: { kind: 'flaky' },
    status: 'error',
    kind: 'http',
    content: '',
    message: `CLIProxyAPI failed with HTTP 500: Post "https://auth.openai.com/oauth/token": EOF. ${COOLING_NOTE}`,
  },
];

/** Every error CLIProxyAPI answers before a stream, as the second responder meets it. */
export const httpErrorRows: FaultRow[] = [...fakeErrorRows, ...moreHttpRows];
