// describeErrorBody's messages for the provider account behind the proxy: no account, a refused login, limits.
import { describe, expect, test } from 'vitest';
import { type HttpRow, json, noHeaders } from '../../test/support/errorBodyRows';
import { describeErrorBody } from './describeErrorBody';

// The whole error each body shape becomes, word for word: the message is what the user reads and acts on, so a
// changed word, a lost sentence or a wrong kind is a change of behaviour. Each rule of the classifier is reached
// alone here (one field at a time), so that a rule that stopped matching shows up as another message.

const accountRows: HttpRow[] = [
  {
    name: 'auth_unavailable names the providers, without the blanks around them',
    status: 503,
    body: json({ error: { message: 'auth_unavailable: no auth available (providers= claude , model=x)' } }),
    error: {
      kind: 'account',
      code: 'auth_unavailable',
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
      code: 'auth_unavailable',
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
      code: 'usage_limit_reached',
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
      code: 'usage_limit_reached',
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

describe('describeErrorBody, word for word', () => {
  test.each([...accountRows, ...limitRows])('$name', (row) => {
    expect(describeErrorBody(row.status, row.body, row.headers ?? noHeaders)).toStrictEqual(row.error);
  });
});
