import { describe, expect, test } from 'vitest';
import { describeErrorBody, describeStreamErrorPayload } from './describeErrorBody';
import type { ChatErrorKind } from './types';

interface Row {
  name: string;
  status: number;
  body: string;
  headers?: Record<string, string>;
  kind: ChatErrorKind;
  retryAfterSeconds?: number;
  /** Every string must appear in the message: the provider's own words plus what to do. */
  says: string[];
}

const json = (value: unknown) => JSON.stringify(value);

// One row per error body shape CLIProxyAPI sends (docs/cliproxyapi-behaviour.md).
const rows: Row[] = [
  {
    name: "proxy's own 401, key missing (string error)",
    status: 401,
    body: json({ error: 'Missing API key' }),
    kind: 'proxy-auth',
    says: ['Missing API key', '“Roundtable: Set Proxy Access Key”', 'api-keys'],
  },
  {
    name: "proxy's own 401, key wrong (string error)",
    status: 401,
    body: json({ error: 'Invalid API key' }),
    kind: 'proxy-auth',
    says: ['Invalid API key', '“Roundtable: Set Proxy Access Key”', 'api-keys'],
  },
  {
    name: 'OpenAI object wrapper',
    status: 400,
    body: json({
      error: {
        message: 'Third-party apps now draw from your extra usage, not your plan limits.',
        type: 'invalid_request_error',
        code: 'invalid_request_error',
      },
    }),
    kind: 'http',
    says: ['HTTP 400', 'Third-party apps now draw from your extra usage, not your plan limits.'],
  },
  {
    name: 'Anthropic rate limit, verbatim',
    status: 429,
    body: json({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' },
    }),
    kind: 'rate-limit',
    says: ['Number of requests has exceeded your rate limit', 'Try again later'],
  },
  {
    name: 'Anthropic overloaded, verbatim (not a rate limit)',
    status: 529,
    body: json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    kind: 'http',
    says: ['HTTP 529', 'Overloaded'],
  },
  {
    name: 'Google RESOURCE_EXHAUSTED with RetryInfo',
    status: 429,
    body: json({
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'Resource has been exhausted (e.g. check quota).',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' }],
      },
    }),
    kind: 'rate-limit',
    retryAfterSeconds: 37,
    says: ['Resource has been exhausted (e.g. check quota).', 'Try again in 37 s'],
  },
  {
    name: 'model_cooldown with Retry-After (no type)',
    status: 429,
    headers: { 'Retry-After': '90' },
    body: json({
      error: {
        code: 'model_cooldown',
        message: 'All credentials for model claude-sonnet-4-6 are cooling down via provider claude',
        model: 'claude-sonnet-4-6',
        provider: 'claude',
        reset_time: '1m30s',
        reset_seconds: 90,
      },
    }),
    kind: 'rate-limit',
    retryAfterSeconds: 90,
    says: [
      'All credentials for model claude-sonnet-4-6 are cooling down via provider claude',
      'Try again in 1 min 30 s',
    ],
  },
  {
    name: 'model_cooldown of days, without the header',
    status: 429,
    body: json({
      error: {
        code: 'model_cooldown',
        message: 'All credentials for model gpt-5.5 are cooling down via provider codex',
        reset_time: '167h59m0s',
        reset_seconds: 604_740,
      },
    }),
    kind: 'rate-limit',
    retryAfterSeconds: 604_740,
    says: ['cooling down via provider codex', 'Try again in 6 days 23 h'],
  },
  {
    name: 'auth_unavailable (503)',
    status: 503,
    body: json({
      error: {
        message: 'auth_unavailable: no auth available (providers=codex, model=gpt-5.5)',
        type: 'server_error',
        code: 'internal_server_error',
      },
    }),
    kind: 'account',
    says: ['auth_unavailable: no auth available (providers=codex, model=gpt-5.5)', 'log in to codex in CLIProxyAPI'],
  },
  {
    name: '403 unsafe_example_api_key',
    status: 403,
    headers: { 'X-CPA-SAFE-MODE': 'example-api-key' },
    body: json({ error: 'unsafe_example_api_key', message: 'api-keys still contains the example keys' }),
    kind: 'proxy-auth',
    says: ['unsafe_example_api_key: api-keys still contains the example keys', '“Roundtable: Set Proxy Access Key”'],
  },
  {
    name: 'Codex usage_limit_reached with resets_in_seconds',
    status: 429,
    body: json({
      error: {
        type: 'usage_limit_reached',
        message: 'The usage limit has been reached',
        plan_type: 'plus',
        resets_in_seconds: 12_345,
      },
    }),
    kind: 'rate-limit',
    retryAfterSeconds: 12_345,
    says: ['The usage limit has been reached', 'Try again in 3 h 25 min'],
  },
  {
    name: 'upstream 401 in the object wrapper: the provider login, not the proxy key',
    status: 401,
    body: json({
      error: {
        message: 'unauthorized: OAuth token has expired',
        type: 'authentication_error',
        code: 'invalid_api_key',
      },
    }),
    kind: 'account',
    says: ['unauthorized: OAuth token has expired', 'Log in to that provider again in CLIProxyAPI'],
  },
  {
    name: 'wrapper 403 permission_error',
    status: 403,
    body: json({ error: { message: 'insufficient quota', type: 'permission_error', code: 'insufficient_quota' } }),
    kind: 'account',
    says: ['insufficient quota'],
  },
  {
    name: '400 model_not_found',
    status: 400,
    body: json({
      error: {
        message: 'unknown provider for model gpt-9',
        type: 'invalid_request_error',
        code: 'model_not_found',
        param: 'model',
      },
    }),
    kind: 'http',
    says: ['unknown provider for model gpt-9', 'Pick a model the proxy lists'],
  },
  {
    name: 'unknown model in older builds (502 wrapper)',
    status: 502,
    body: json({
      error: { message: 'unknown provider for model gpt-9', type: 'server_error', code: 'internal_server_error' },
    }),
    kind: 'http',
    says: ['unknown provider for model gpt-9', 'Pick a model the proxy lists'],
  },
  {
    name: "gin's text 404",
    status: 404,
    body: '404 page not found',
    kind: 'http',
    says: ['404 page not found', 'ends in /v1'],
  },
  {
    name: 'plain-text 5xx',
    status: 503,
    body: 'model gpt-image-2 is only supported on /v1/images/generations',
    kind: 'http',
    says: ['HTTP 503', 'model gpt-image-2 is only supported on /v1/images/generations'],
  },
  {
    name: 'empty body',
    status: 502,
    body: '',
    kind: 'http',
    says: ['HTTP 502'],
  },
];

describe('describeErrorBody', () => {
  test.each(rows)('$name', (row) => {
    const error = describeErrorBody(row.status, row.body, new Headers(row.headers));
    expect(error.kind).toBe(row.kind);
    expect(error.status).toBe(row.status);
    expect(error.retryAfterSeconds).toBe(row.retryAfterSeconds);
    for (const text of row.says) expect(error.message).toContain(text);
  });

  test('Retry-After wins over the body, since the proxy copies it from the cooldown it enforces', () => {
    const body = json({ error: { code: 'model_cooldown', message: 'cooling down', reset_seconds: 600 } });
    const error = describeErrorBody(429, body, new Headers({ 'Retry-After': '42' }));
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.message).toContain('Try again in 42 s');
  });

  test('a huge body is clipped', () => {
    const error = describeErrorBody(500, 'x'.repeat(10_000), new Headers());
    expect(error.message.length).toBeLessThan(600);
  });

  test.each(rows)('no sentence appears twice: $name', (row) => {
    const sentences = describeErrorBody(row.status, row.body, new Headers(row.headers))
      .message.toLowerCase()
      .split(/(?<=[.!?])\s+/)
      .map((part) => part.replace(/^please\s+/, '').trim())
      .filter(Boolean);
    expect(sentences.length).toBe(new Set(sentences).size);
  });

  test('model_cooldown without Retry-After (as the real proxy sends it): reset_seconds gives the time', () => {
    const body = json({
      error: {
        code: 'model_cooldown',
        message: 'All credentials for model m are cooling down',
        reset_seconds: 64,
        reset_time: '1m4s',
      },
    });
    const error = describeErrorBody(429, body, new Headers());
    expect(error).toMatchObject({ kind: 'rate-limit', retryAfterSeconds: 64 });
    expect(error.message).toContain('Try again in 1 min 4 s.');
  });
});

describe('describeStreamErrorPayload', () => {
  test.each([
    { name: 'plain wrapper', payload: { error: { message: 'Overloaded', type: 'overloaded_error' } }, kind: 'stream' },
    {
      name: 'rate limit inside the stream',
      payload: { error: { message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' } },
      kind: 'rate-limit',
    },
    {
      name: 'auth_unavailable inside the stream',
      payload: { error: { message: 'auth_unavailable: no auth available (providers=claude, model=x)' } },
      kind: 'account',
    },
    {
      name: 'Anthropic body verbatim',
      payload: { type: 'error', error: { type: 'api_error', message: 'Internal' } },
      kind: 'stream',
    },
  ] as const)('$name → $kind', ({ payload, kind }) => {
    const error = describeStreamErrorPayload(payload);
    expect(error.kind).toBe(kind);
    expect(error.status).toBeUndefined();
  });

  test('the proxy’s "unexpected EOF" reads as the provider’s connection dropping mid-reply', () => {
    const error = describeStreamErrorPayload({
      error: { message: 'unexpected EOF', type: 'server_error', code: 'internal_server_error' },
    });
    expect(error.kind).toBe('stream');
    expect(error.message).toMatch(/^The provider's connection dropped in the middle of the reply/);
  });
});
