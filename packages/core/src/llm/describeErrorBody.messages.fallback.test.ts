// describeErrorBody's messages for bodies no rule claims: by status alone, and text bodies quoted, trimmed, clipped.
import { describe, expect, test } from 'vitest';
import { type HttpRow, json, noHeaders, retryAfter } from '../../test/support/errorBodyRows';
import { describeErrorBody } from './describeErrorBody';

// The whole error each body shape becomes, word for word: the message is what the user reads and acts on, so a
// changed word, a lost sentence or a wrong kind is a change of behaviour. Each rule of the classifier is reached
// alone here (one field at a time), so that a rule that stopped matching shows up as another message.

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

describe('describeErrorBody, word for word', () => {
  test.each([...fallbackRows, ...textRows])('$name', (row) => {
    expect(describeErrorBody(row.status, row.body, row.headers ?? noHeaders)).toStrictEqual(row.error);
  });
});
