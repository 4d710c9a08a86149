import { describe, expect, test } from 'vitest';
import {
  describeErrorBody,
  describeStreamErrorPayload,
  type HeadersLike,
  isAuthUnavailable,
} from './describeErrorBody';
import type { ChatError } from './types';

// The whole error each body shape becomes, word for word: the message is what the user reads and acts on, so a
// changed word, a lost sentence or a wrong kind is a change of behaviour. Each rule of the classifier is reached
// alone here (one field at a time), so that a rule that stopped matching shows up as another message.

const HINT =
  "Run the command “Roundtable: Set Proxy Access Key” and enter one of the keys in the proxy's `api-keys` list.";
const json = (value: unknown) => JSON.stringify(value);
const noHeaders: HeadersLike = { get: () => null };
/** `Headers` trims values; a stub keeps the blanks a hand-written proxy reply could carry. */
const retryAfter = (value: string): HeadersLike => ({
  get: (name) => (name.toLowerCase() === 'retry-after' ? value : null),
});

interface HttpRow {
  name: string;
  status: number;
  body: string;
  headers?: HeadersLike;
  error: ChatError;
}

const proxyKeyRows: HttpRow[] = [
  {
    name: 'the proxy’s 401 for a missing key',
    status: 401,
    body: json({ error: 'Missing API key' }),
    error: {
      kind: 'proxy-auth',
      status: 401,
      message: `CLIProxyAPI wants an access key and Roundtable sent none (“Missing API key”). ${HINT}`,
    },
  },
  {
    name: 'the proxy’s 401 for a wrong key',
    status: 401,
    body: json({ error: 'Invalid API key' }),
    error: {
      kind: 'proxy-auth',
      status: 401,
      message: `CLIProxyAPI rejected Roundtable's access key (“Invalid API key”). ${HINT}`,
    },
  },
  {
    name: 'a string error with any other words, at 401, is still the access key',
    status: 401,
    body: json({ error: 'key expired' }),
    error: {
      kind: 'proxy-auth',
      status: 401,
      message: `CLIProxyAPI rejected Roundtable's access key (“key expired”). ${HINT}`,
    },
  },
  {
    name: 'the missing-key words at another status',
    status: 400,
    body: json({ error: 'Missing API key' }),
    error: {
      kind: 'proxy-auth',
      status: 400,
      message: `CLIProxyAPI wants an access key and Roundtable sent none (“Missing API key”). ${HINT}`,
    },
  },
  {
    name: 'the wrong-key words at another status',
    status: 400,
    body: json({ error: 'Invalid API key' }),
    error: {
      kind: 'proxy-auth',
      status: 400,
      message: `CLIProxyAPI rejected Roundtable's access key (“Invalid API key”). ${HINT}`,
    },
  },
  {
    name: 'a string error that is not about the key',
    status: 400,
    body: json({ error: 'bad request' }),
    error: { kind: 'http', status: 400, message: 'CLIProxyAPI rejected the request with HTTP 400: bad request.' },
  },
  {
    name: 'the example api-keys still in the proxy’s config',
    status: 403,
    body: json({ error: 'unsafe_example_api_key', message: 'api-keys still contains the example keys' }),
    error: {
      kind: 'proxy-auth',
      status: 403,
      message:
        'CLIProxyAPI refuses every request because its config.yaml still lists the example api-keys ' +
        '(unsafe_example_api_key: api-keys still contains the example keys). Replace them with a random key of your ' +
        'own, restart the proxy, then enter that key with the command “Roundtable: Set Proxy Access Key”.',
    },
  },
];

const cooldownRows: HttpRow[] = [
  {
    name: 'a cooldown with only reset_time says that time',
    status: 429,
    body: json({ error: { code: 'model_cooldown', message: 'Model m is cooling down', reset_time: '1m30s' } }),
    error: {
      kind: 'rate-limit',
      status: 429,
      message: 'CLIProxyAPI is holding this model back: Model m is cooling down. Try again in 1m30s.',
    },
  },
  {
    name: 'a cooldown without any time says to try later',
    status: 429,
    body: json({ error: { code: 'model_cooldown', message: 'cooling down' } }),
    error: {
      kind: 'rate-limit',
      status: 429,
      message: 'CLIProxyAPI is holding this model back: cooling down. Try again later.',
    },
  },
  {
    name: 'a cooldown whose own words say to try again gets no second such sentence',
    status: 429,
    body: json({ error: { code: 'model_cooldown', message: 'Cooling down, try again soon' } }),
    error: {
      kind: 'rate-limit',
      status: 429,
      message: 'CLIProxyAPI is holding this model back: Cooling down, try again soon.',
    },
  },
  {
    name: 'a cooldown with reset_seconds gives the wait in words and in seconds',
    status: 429,
    body: json({ error: { code: 'model_cooldown', message: 'cooling down', reset_seconds: 90, reset_time: '1m30s' } }),
    error: {
      kind: 'rate-limit',
      status: 429,
      retryAfterSeconds: 90,
      message: 'CLIProxyAPI is holding this model back: cooling down. Try again in 1 min 30 s.',
    },
  },
  {
    name: 'a cooldown reported at another status is still a cooldown',
    status: 400,
    body: json({ error: { code: 'model_cooldown', message: 'cooling down' } }),
    error: {
      kind: 'rate-limit',
      status: 400,
      message: 'CLIProxyAPI is holding this model back: cooling down. Try again later.',
    },
  },
];

const accountRows: HttpRow[] = [
  {
    name: 'auth_unavailable names the providers, without the blanks around them',
    status: 503,
    body: json({ error: { message: 'auth_unavailable: no auth available (providers= claude , model=x)' } }),
    error: {
      kind: 'account',
      status: 503,
      message:
        'CLIProxyAPI has no usable account for this model (auth_unavailable: no auth available (providers= claude , ' +
        'model=x)). To fix it, log in to claude in CLIProxyAPI, or wait if the account is cooling down.',
    },
  },
  {
    name: 'auth_unavailable without providers asks for that provider’s login',
    status: 503,
    body: json({ error: { message: 'auth_unavailable: no auth available' } }),
    error: {
      kind: 'account',
      status: 503,
      message:
        'CLIProxyAPI has no usable account for this model (auth_unavailable: no auth available). To fix it, log in ' +
        'to that provider in CLIProxyAPI, or wait if the account is cooling down.',
    },
  },
  ...(
    [
      ['type authentication_error', 400, { type: 'authentication_error', message: 'token expired' }],
      ['code invalid_api_key', 400, { code: 'invalid_api_key', message: 'token expired' }],
      ['Google UNAUTHENTICATED', 400, { status: 'UNAUTHENTICATED', message: 'token expired' }],
      ['a plain wrapper at 401', 401, { message: 'token expired' }],
    ] as const
  ).map(
    ([what, status, error]): HttpRow => ({
      name: `the provider login refused: ${what}`,
      status,
      body: json({ error }),
      error: {
        kind: 'account',
        status,
        message:
          'The provider login behind CLIProxyAPI was rejected: token expired. Log in to that provider again in ' +
          "CLIProxyAPI; Roundtable's access key itself was accepted.",
      },
    }),
  ),
  ...(
    [
      ['type permission_error', 400, { type: 'permission_error', message: 'not on this plan' }],
      ['Google PERMISSION_DENIED', 400, { status: 'PERMISSION_DENIED', message: 'not on this plan' }],
      ['a plain wrapper at 403', 403, { message: 'not on this plan' }],
    ] as const
  ).map(
    ([what, status, error]): HttpRow => ({
      name: `the provider account may not: ${what}`,
      status,
      body: json({ error }),
      error: {
        kind: 'account',
        status,
        message:
          "The provider account behind CLIProxyAPI may not do this: not on this plan. Check that account's plan, or " +
          'log in with another account in CLIProxyAPI.',
      },
    }),
  ),
];

const limitRows: HttpRow[] = [
  {
    name: 'usage_limit_reached as a code',
    status: 400,
    body: json({ error: { code: 'usage_limit_reached', message: 'Usage limit reached' } }),
    error: {
      kind: 'rate-limit',
      status: 400,
      message: 'The provider account has reached its usage limit: Usage limit reached. Try again later.',
    },
  },
  {
    name: 'usage_limit_reached as a type, with Codex’s resets_in_seconds',
    status: 400,
    body: json({ error: { type: 'usage_limit_reached', message: 'Limit hit', resets_in_seconds: 60 } }),
    error: {
      kind: 'rate-limit',
      status: 400,
      retryAfterSeconds: 60,
      message: 'The provider account has reached its usage limit: Limit hit. Try again in 1 min.',
    },
  },
  ...(
    [
      ['Google RESOURCE_EXHAUSTED', 400, { status: 'RESOURCE_EXHAUSTED', message: 'Quota exhausted' }],
      ['type rate_limit_error', 400, { type: 'rate_limit_error', message: 'Quota exhausted' }],
      ['code rate_limit_exceeded', 400, { code: 'rate_limit_exceeded', message: 'Quota exhausted' }],
      ['a plain wrapper at 429', 429, { message: 'Quota exhausted' }],
    ] as const
  ).map(
    ([what, status, error]): HttpRow => ({
      name: `a rate limit: ${what}`,
      status,
      body: json({ error }),
      error: {
        kind: 'rate-limit',
        status,
        message: 'The provider is rate-limiting this account: Quota exhausted. Try again later.',
      },
    }),
  ),
];

const modelRows: HttpRow[] = [
  {
    name: 'model_not_found whatever its words',
    status: 400,
    body: json({ error: { code: 'model_not_found', message: 'no such model' } }),
    error: {
      kind: 'http',
      status: 400,
      message:
        'CLIProxyAPI cannot serve this model: no such model. Pick a model the proxy lists, or log in to the ' +
        'provider that offers it.',
    },
  },
  {
    name: 'the proxy’s unknown-provider words without a code',
    status: 500,
    body: json({ error: { message: 'unknown provider for model x' } }),
    error: {
      kind: 'http',
      status: 500,
      message:
        'CLIProxyAPI cannot serve this model: unknown provider for model x. Pick a model the proxy lists, or log in ' +
        'to the provider that offers it.',
    },
  },
];

const fallbackRows: HttpRow[] = [
  {
    name: 'a wrapper at 500 is a failure of the proxy',
    status: 500,
    body: json({ error: { message: 'boom' } }),
    error: { kind: 'http', status: 500, message: 'CLIProxyAPI failed with HTTP 500: boom.' },
  },
  {
    name: 'a wrapper just under 500 is a refusal',
    status: 499,
    body: json({ error: { message: 'boom' } }),
    error: { kind: 'http', status: 499, message: 'CLIProxyAPI rejected the request with HTTP 499: boom.' },
  },
  {
    name: 'a body with a top-level message',
    status: 400,
    body: json({ message: 'top-level words' }),
    error: { kind: 'http', status: 400, message: 'CLIProxyAPI rejected the request with HTTP 400: top-level words.' },
  },
  {
    name: 'a body with a top-level detail',
    status: 400,
    body: json({ detail: 'detail words' }),
    error: { kind: 'http', status: 400, message: 'CLIProxyAPI rejected the request with HTTP 400: detail words.' },
  },
  {
    name: 'a body with neither is quoted whole',
    status: 400,
    body: json({ foo: 1 }),
    error: { kind: 'http', status: 400, message: 'CLIProxyAPI rejected the request with HTTP 400: {"foo":1}.' },
  },
  {
    name: 'an error that is a list is not a wrapper',
    status: 400,
    body: json({ error: [], message: 'listed' }),
    error: { kind: 'http', status: 400, message: 'CLIProxyAPI rejected the request with HTTP 400: listed.' },
  },
  {
    name: 'a message that is a number is not the text',
    status: 400,
    body: json({ error: { message: 42 } }),
    error: { kind: 'http', status: 400, message: 'CLIProxyAPI rejected the request with HTTP 400: {"message":42}.' },
  },
  {
    name: 'an empty message is not the text',
    status: 400,
    body: json({ error: { message: '' } }),
    error: { kind: 'http', status: 400, message: 'CLIProxyAPI rejected the request with HTTP 400: {"message":""}.' },
  },
];

const textRows: HttpRow[] = [
  ...['null', '42', '[1]', '"a string"'].map(
    (body): HttpRow => ({
      name: `JSON that is not an object (${body}) is read as text`,
      status: 404,
      body,
      error: {
        kind: 'http',
        status: 404,
        message: `CLIProxyAPI has no such endpoint (HTTP 404: ${body}). Check that the proxy URL ends in /v1.`,
      },
    }),
  ),
  {
    name: 'a 404 without a body',
    status: 404,
    body: '',
    error: {
      kind: 'http',
      status: 404,
      message: 'CLIProxyAPI has no such endpoint (HTTP 404). Check that the proxy URL ends in /v1.',
    },
  },
  {
    name: 'a text body is trimmed',
    status: 404,
    body: '  404 page not found\n',
    error: {
      kind: 'http',
      status: 404,
      message: 'CLIProxyAPI has no such endpoint (HTTP 404: 404 page not found). Check that the proxy URL ends in /v1.',
    },
  },
  {
    name: 'a text 429',
    status: 429,
    body: 'slow down',
    error: {
      kind: 'rate-limit',
      status: 429,
      message: 'The provider is rate-limiting this account: slow down. Try again later.',
    },
  },
  {
    name: 'a text 429 with Retry-After',
    status: 429,
    body: 'slow down',
    headers: retryAfter('30'),
    error: {
      kind: 'rate-limit',
      status: 429,
      retryAfterSeconds: 30,
      message: 'The provider is rate-limiting this account: slow down. Try again in 30 s.',
    },
  },
  {
    name: 'a 429 without a body',
    status: 429,
    body: '',
    error: { kind: 'rate-limit', status: 429, message: 'The provider is rate-limiting this account. Try again later.' },
  },
  {
    name: 'a text 429 that already says to try again',
    status: 429,
    body: 'please try again later',
    error: {
      kind: 'rate-limit',
      status: 429,
      message: 'The provider is rate-limiting this account: please try again later.',
    },
  },
  {
    name: 'a 5xx without a body',
    status: 502,
    body: '',
    error: { kind: 'http', status: 502, message: 'CLIProxyAPI failed with HTTP 502 without details.' },
  },
  {
    name: 'text that ends a sentence gets no second stop',
    status: 500,
    body: 'oops!',
    error: { kind: 'http', status: 500, message: 'CLIProxyAPI failed with HTTP 500: oops!' },
  },
  {
    name: 'a stop inside the text does not end it',
    status: 500,
    body: 'see e.g. the log',
    error: { kind: 'http', status: 500, message: 'CLIProxyAPI failed with HTTP 500: see e.g. the log.' },
  },
  {
    name: 'text of exactly 400 characters is kept whole',
    status: 500,
    body: 'a'.repeat(400),
    error: { kind: 'http', status: 500, message: `CLIProxyAPI failed with HTTP 500: ${'a'.repeat(400)}.` },
  },
  {
    name: 'text of 401 characters is clipped to 400 and an ellipsis',
    status: 500,
    body: 'a'.repeat(401),
    error: { kind: 'http', status: 500, message: `CLIProxyAPI failed with HTTP 500: ${'a'.repeat(400)}…` },
  },
];

const cooling = (extra: Record<string, unknown>) =>
  json({ error: { code: 'model_cooldown', message: 'cooling down', ...extra } });
const holdingBack = (status: number, when: string, retryAfterSeconds?: number): ChatError => ({
  kind: 'rate-limit',
  status,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  message: `CLIProxyAPI is holding this model back: cooling down. ${when}`,
});

const waitRows: HttpRow[] = [
  {
    name: 'Retry-After with blanks around the number',
    status: 429,
    body: cooling({ reset_seconds: 600 }),
    headers: retryAfter(' 30 '),
    error: holdingBack(429, 'Try again in 30 s.', 30),
  },
  ...['soon', '30s', 'in 30', 'x30'].map(
    (value): HttpRow => ({
      name: `Retry-After "${value}" is not delta-seconds: the body's time is used`,
      status: 429,
      body: cooling({ reset_seconds: 600 }),
      headers: retryAfter(value),
      error: holdingBack(429, 'Try again in 10 min.', 600),
    }),
  ),
  {
    name: 'reset_seconds 0 means now',
    status: 429,
    body: cooling({ reset_seconds: 0 }),
    error: holdingBack(429, 'Try again in 0 s.', 0),
  },
  ...(
    [
      ['a string', json({ error: { code: 'model_cooldown', message: 'cooling down', reset_seconds: '90' } })],
      ['negative', json({ error: { code: 'model_cooldown', message: 'cooling down', reset_seconds: -5 } })],
      ['beyond any number', '{"error":{"code":"model_cooldown","message":"cooling down","reset_seconds":1e400}}'],
    ] as const
  ).map(
    ([what, body]): HttpRow => ({
      name: `reset_seconds that is ${what} is no time at all`,
      status: 429,
      body,
      error: holdingBack(429, 'Try again later.'),
    }),
  ),
];

const google = (details: unknown) =>
  json({ error: { status: 'RESOURCE_EXHAUSTED', message: 'Quota exhausted.', details } });
const exhausted = (retryAfterSeconds?: number): ChatError => ({
  kind: 'rate-limit',
  status: 429,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  message: `The provider is rate-limiting this account: Quota exhausted. ${
    retryAfterSeconds === undefined ? 'Try again later.' : `Try again in ${retryAfterSeconds} s.`
  }`,
});

const googleRows: HttpRow[] = [
  {
    name: 'RetryInfo after details that are not objects, fractions rounded up',
    status: 429,
    body: google([null, 'x', { retryDelay: '1.5s' }]),
    error: exhausted(2),
  },
  {
    name: 'RetryInfo with two decimals',
    status: 429,
    body: google([{ retryDelay: '1.25s' }]),
    error: exhausted(2),
  },
  ...['x5s', '5sec', '5', 'soon'].map(
    (retryDelay): HttpRow => ({
      name: `a retryDelay of "${retryDelay}" is not a wait`,
      status: 429,
      body: google([{ retryDelay }]),
      error: exhausted(),
    }),
  ),
  {
    name: 'details that are not a list hold no wait',
    status: 429,
    body: google({ retryDelay: '5s' }),
    error: exhausted(),
  },
];

describe('describeErrorBody, word for word', () => {
  test.each([
    ...proxyKeyRows,
    ...cooldownRows,
    ...accountRows,
    ...limitRows,
    ...modelRows,
    ...fallbackRows,
    ...textRows,
    ...waitRows,
    ...googleRows,
  ])('$name', (row) => {
    expect(describeErrorBody(row.status, row.body, row.headers ?? noHeaders)).toStrictEqual(row.error);
  });
});

describe('describeStreamErrorPayload, word for word', () => {
  test.each<{ name: string; payload: Record<string, unknown>; error: ChatError }>([
    {
      name: 'an unclassified error is a failed stream',
      payload: { error: { message: 'Internal' } },
      error: { kind: 'stream', message: 'The reply stream failed: Internal.' },
    },
    {
      name: 'a string error that is not about the key',
      payload: { error: 'something broke' },
      error: { kind: 'stream', message: 'The reply stream failed: something broke.' },
    },
    {
      name: 'an empty wrapper is quoted',
      payload: { error: {} },
      error: { kind: 'stream', message: 'The reply stream failed: {}.' },
    },
    {
      name: 'the missing-key words inside the stream',
      payload: { error: 'Missing API key' },
      error: {
        kind: 'proxy-auth',
        message: `CLIProxyAPI wants an access key and Roundtable sent none (“Missing API key”). ${HINT}`,
      },
    },
    {
      name: 'an unknown model inside the stream is a stream error',
      payload: { error: { code: 'model_not_found', message: 'no such model' } },
      error: {
        kind: 'stream',
        message:
          'CLIProxyAPI cannot serve this model: no such model. Pick a model the proxy lists, or log in to the ' +
          'provider that offers it.',
      },
    },
    ...(
      [
        ['Google RESOURCE_EXHAUSTED', { status: 'RESOURCE_EXHAUSTED' }],
        ['type rate_limit_error', { type: 'rate_limit_error' }],
        ['code rate_limit_exceeded', { code: 'rate_limit_exceeded' }],
      ] as const
    ).map(([what, fields]) => ({
      name: `a rate limit inside the stream: ${what}`,
      payload: { error: { ...fields, message: 'Slow down' } },
      error: {
        kind: 'rate-limit' as const,
        message: 'The provider is rate-limiting this account: Slow down. Try again later.',
      },
    })),
    ...(
      [
        ['type authentication_error', { type: 'authentication_error' }],
        ['code invalid_api_key', { code: 'invalid_api_key' }],
        ['Google UNAUTHENTICATED', { status: 'UNAUTHENTICATED' }],
      ] as const
    ).map(([what, fields]) => ({
      name: `a refused login inside the stream: ${what}`,
      payload: { error: { ...fields, message: 'Expired' } },
      error: {
        kind: 'account' as const,
        message:
          "The provider login behind CLIProxyAPI was rejected: Expired. Log in to that provider again in CLIProxyAPI; Roundtable's access key itself was accepted.",
      },
    })),
    {
      name: 'a cooldown inside the stream keeps its wait',
      payload: { error: { code: 'model_cooldown', message: 'cooling down', reset_seconds: 5 } },
      error: {
        kind: 'rate-limit',
        retryAfterSeconds: 5,
        message: 'CLIProxyAPI is holding this model back: cooling down. Try again in 5 s.',
      },
    },
  ])('$name', ({ payload, error }) => {
    expect(describeStreamErrorPayload(payload)).toStrictEqual(error);
  });
});

describe('isAuthUnavailable', () => {
  const body = json({ error: { message: 'auth_unavailable: no auth available (providers=codex)' } });

  test('is the 503 whose error starts with auth_unavailable', () => {
    expect(isAuthUnavailable(503, body)).toBe(true);
  });

  test('is not the same words at another status', () => {
    expect(isAuthUnavailable(500, body)).toBe(false);
  });

  test('is not another 503', () => {
    expect(isAuthUnavailable(503, json({ error: { message: 'overloaded' } }))).toBe(false);
  });
});
