// The messages of errors inside the reply stream (describeStreamErrorPayload), and isAuthUnavailable.
import { describe, expect, test } from 'vitest';
import { HINT, json } from '../../test/support/errorBodyRows';
import { describeStreamErrorPayload, isAuthUnavailable } from './describeErrorBody';
import type { ChatError } from './types';

// The whole error each body shape becomes, word for word: the message is what the user reads and acts on, so a
// changed word, a lost sentence or a wrong kind is a change of behaviour. Each rule of the classifier is reached
// alone here (one field at a time), so that a rule that stopped matching shows up as another message.

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
        code: 'model_cooldown',
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
