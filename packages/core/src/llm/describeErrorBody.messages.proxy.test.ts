// describeErrorBody's messages for the proxy's own refusals: its access key, its model cooldowns, unknown models.
import { describe, expect, test } from 'vitest';
import { HINT, type HttpRow, json, noHeaders } from '../../test/support/errorBodyRows';
import { describeErrorBody } from './describeErrorBody';

// The whole error each body shape becomes, word for word: the message is what the user reads and acts on, so a
// changed word, a lost sentence or a wrong kind is a change of behaviour. Each rule of the classifier is reached
// alone here (one field at a time), so that a rule that stopped matching shows up as another message.

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
    name: 'a cooldown with only reset_time reads that time as the wait',
    status: 429,
    body: json({ error: { code: 'model_cooldown', message: 'Model m is cooling down', reset_time: '1m30s' } }),
    error: {
      kind: 'rate-limit',
      code: 'model_cooldown',
      status: 429,
      retryAfterSeconds: 90,
      message: 'CLIProxyAPI is holding this model back: Model m is cooling down. Try again in 1 min 30 s.',
    },
  },
  {
    name: 'a cooldown without any time says to try later',
    status: 429,
    body: json({ error: { code: 'model_cooldown', message: 'cooling down' } }),
    error: {
      kind: 'rate-limit',
      code: 'model_cooldown',
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
      code: 'model_cooldown',
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
      code: 'model_cooldown',
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
      code: 'model_cooldown',
      status: 400,
      message: 'CLIProxyAPI is holding this model back: cooling down. Try again later.',
    },
  },
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

describe('describeErrorBody, word for word', () => {
  test.each([...proxyKeyRows, ...cooldownRows, ...modelRows])('$name', (row) => {
    expect(describeErrorBody(row.status, row.body, row.headers ?? noHeaders)).toStrictEqual(row.error);
  });
});
