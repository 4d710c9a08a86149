// describeErrorBody's messages with a wait in them: Retry-After, reset_seconds and Google's RetryInfo.
import { describe, expect, test } from 'vitest';
import { type HttpRow, json, noHeaders, retryAfter } from '../../test/support/errorBodyRows';
import { describeErrorBody } from './describeErrorBody';
import type { ChatError } from './types';

// The whole error each body shape becomes, word for word: the message is what the user reads and acts on, so a
// changed word, a lost sentence or a wrong kind is a change of behaviour. Each rule of the classifier is reached
// alone here (one field at a time), so that a rule that stopped matching shows up as another message.

const cooling = (extra: Record<string, unknown>) =>
  json({ error: { code: 'model_cooldown', message: 'cooling down', ...extra } });
const holdingBack = (status: number, when: string, retryAfterSeconds?: number): ChatError => ({
  kind: 'rate-limit',
  code: 'model_cooldown',
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
  test.each([...waitRows, ...googleRows])('$name', (row) => {
    expect(describeErrorBody(row.status, row.body, row.headers ?? noHeaders)).toStrictEqual(row.error);
  });
});
