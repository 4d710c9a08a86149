import { gzipSync } from 'node:zlib';
import { STREAM_LIMITS } from '@roundtable/core';
import { expect } from 'vitest';
import { type FaultRow, GPT_PARTIAL, GPT_TEXT, SHORT } from './faultRows';
import { endlessBody, resetAfter } from './faultyHop';
import { contentChunk, DONE, event, gzipBomb, pieces, SSE, wholeStream } from './hostileStreams';

// The stream fault matrix's rows for faults of the stream itself (error chunks, a close without [DONE], bad chunks,
// silence, a reset), answers that are not a stream, and input past the client's bounds (STREAM_LIMITS).

const { maxEventChars, maxReplyChars, maxStreamBytes } = STREAM_LIMITS;
const count = (n: number) => n.toLocaleString('en-US');
const HUGE_PIECE = 500_000;
const hugeHtml = endlessBody('text/html', '<p>Sign in to the Wi-Fi to continue.</p>\n', 256 * 1024 * 1024);
const HUGE_HTML_EXCERPT = `${'<p>Sign in to the Wi-Fi to continue.</p>\n'.repeat(5).slice(0, 200)}…`;

/** What the second responder meets once its stream has started, or instead of one. */
export const streamFaultRows: FaultRow[] = [
  {
    name: "a provider's error chunk mid-stream",
    fault: { kind: 'mid-stream-error', text: GPT_TEXT, afterChunks: 3 },
    status: 'error',
    kind: 'stream',
    content: GPT_PARTIAL,
    message: 'The reply stream failed: Overloaded.',
  },
  {
    name: 'a rate limit as an error chunk mid-stream',
    fault: {
      kind: 'mid-stream-error',
      text: GPT_TEXT,
      afterChunks: 3,
      error: { error: { type: 'rate_limit_error', message: 'Output tokens per minute exceeded.' } },
    },
    status: 'error',
    kind: 'rate-limit',
    content: GPT_PARTIAL,
    message: 'The provider is rate-limiting this account: Output tokens per minute exceeded. Try again later.',
  },
  {
    name: 'the stream closes mid-reply without [DONE]',
    fault: { kind: 'no-done', text: GPT_TEXT, afterChunks: 3 },
    status: 'error',
    kind: 'stream',
    content: GPT_PARTIAL,
    message: 'The stream from CLIProxyAPI ended without [DONE]; the reply may be incomplete.',
  },
  {
    name: 'the whole reply and its finish reason, but no [DONE]',
    fault: { kind: 'no-done', text: GPT_TEXT },
    status: 'error',
    kind: 'stream',
    content: GPT_TEXT,
    message:
      'The stream from CLIProxyAPI ended without [DONE] (the last chunk said finish_reason “stop”); the reply may be incomplete.',
  },
  {
    name: 'a chunk that is not JSON',
    fault: {
      kind: 'raw',
      status: 200,
      headers: SSE,
      chunks: [contentChunk('Before '), event('{"choices":[{"index":0,"delta":{"content":"cut')],
    },
    status: 'error',
    kind: 'stream',
    content: 'Before ',
    message:
      /^CLIProxyAPI sent a stream chunk that is not valid JSON \(.+\): \{"choices":\[\{"index":0,"delta":\{"content":"cut$/,
  },
  {
    name: 'a chunk of the wrong shape',
    fault: { kind: 'raw', status: 200, headers: SSE, chunks: [contentChunk('Before '), contentChunk(42)] },
    status: 'error',
    kind: 'stream',
    content: 'Before ',
    message:
      /^CLIProxyAPI sent a stream chunk of an unexpected shape \(choices\.0\.delta\.content: expected a string\): \{"id":"chatcmpl-hostile"/,
  },
  {
    name: 'empty data: frames between chunks (issue #2460)',
    fault: {
      kind: 'raw',
      status: 200,
      headers: SSE,
      chunks: [
        contentChunk('Before '),
        'data:\n\n',
        'data: \n\n',
        contentChunk('and after.'),
        contentChunk('', 'stop'),
        DONE,
      ],
    },
    status: 'complete',
    content: 'Before and after.',
  },
  {
    name: 'a 200 that is an HTML page',
    fault: {
      kind: 'raw',
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      chunks: ['<!doctype html><title>Sign in to the Wi-Fi</title><p>Accept the terms to continue.</p>'],
    },
    status: 'error',
    kind: 'stream',
    content: '',
    message:
      'CLIProxyAPI answered HTTP 200 with text/html; charset=utf-8 instead of an event stream: <!doctype html><title>Sign in to the Wi-Fi</title><p>Accept the terms to continue.</p>',
  },
  {
    name: 'a 200 with a whole chat.completion (the stream was ignored)',
    fault: {
      kind: 'raw',
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      chunks: [
        JSON.stringify({
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'All at once.' }, finish_reason: 'stop' }],
        }),
      ],
    },
    status: 'error',
    kind: 'stream',
    content: '',
    message:
      'CLIProxyAPI answered HTTP 200 with application/json instead of an event stream: {"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"All at once."},"finish_reason":"stop"}]}',
  },
  {
    name: 'a 200 HTML page that never ends (only its start is read)',
    fault: { hop: hugeHtml.fault },
    status: 'error',
    kind: 'stream',
    content: '',
    message: `CLIProxyAPI answered HTTP 200 with text/html instead of an event stream: ${HUGE_HTML_EXCERPT}`,
    after: () => expect(hugeHtml.written()).toBeLessThan(16 * 1024 * 1024),
  },
  {
    name: 'no byte at all before the first-byte limit',
    fault: { kind: 'slow-first-byte', delayMs: Number.POSITIVE_INFINITY },
    timeouts: SHORT,
    status: 'error',
    kind: 'timeout',
    content: '',
    message: 'CLIProxyAPI sent nothing within 1 s of the request; the request was stopped.',
  },
  {
    name: 'headers, then silence (headers are not a first byte)',
    fault: { kind: 'slow-first-byte', delayMs: Number.POSITIVE_INFINITY, headersFirst: true },
    timeouts: SHORT,
    status: 'error',
    kind: 'timeout',
    content: '',
    message: 'CLIProxyAPI sent nothing within 1 s of the request; the request was stopped.',
  },
  {
    name: 'a stall mid-reply',
    fault: { kind: 'stall', text: GPT_TEXT, afterChunks: 3 },
    timeouts: SHORT,
    status: 'error',
    kind: 'timeout',
    content: GPT_PARTIAL,
    message: 'CLIProxyAPI sent nothing for 1 s in the middle of the reply; the stream was stopped.',
  },
  {
    name: 'a stall hidden behind keep-alive comments',
    fault: { kind: 'stall', text: GPT_TEXT, afterChunks: 3, keepAliveMs: 20 },
    timeouts: SHORT,
    status: 'error',
    kind: 'timeout',
    content: GPT_PARTIAL,
    message: 'CLIProxyAPI sent nothing for 1 s in the middle of the reply; the stream was stopped.',
  },
  {
    name: 'the connection reset mid-reply',
    fault: { hop: resetAfter([contentChunk('Before the reset. ')]) },
    status: 'error',
    kind: 'stream',
    content: 'Before the reset. ',
    message: /^The connection to CLIProxyAPI broke during the reply \(.+\); the reply is incomplete\.$/,
  },
  {
    name: `an SSE line past ${count(maxEventChars)} characters`,
    fault: {
      kind: 'raw',
      status: 200,
      headers: SSE,
      chunks: [
        contentChunk('Before the long line. '),
        `data: {"choices":[{"index":0,"delta":{"content":"${'x'.repeat(maxEventChars * 1.1)}`,
      ],
    },
    status: 'error',
    kind: 'stream',
    content: 'Before the long line. ',
    message: `CLIProxyAPI sent a stream event longer than ${count(maxEventChars)} characters; the stream was stopped.`,
  },
  {
    name: `a reply past ${count(maxReplyChars)} characters`,
    fault: {
      kind: 'raw',
      status: 200,
      headers: SSE,
      chunks: [
        ...Array.from({ length: Math.ceil((maxReplyChars * 1.1) / HUGE_PIECE) }, () =>
          contentChunk('y'.repeat(HUGE_PIECE)),
        ),
        DONE,
      ],
    },
    status: 'error',
    kind: 'stream',
    content: 'y'.repeat(maxReplyChars),
    message: `The reply passed ${count(maxReplyChars)} characters, the most Roundtable keeps of one reply; it was stopped there.`,
    thirdReply: 'Noted, that was long.',
  },
  {
    name: 'invalid UTF-8 inside the text',
    fault: {
      kind: 'raw',
      status: 200,
      headers: SSE,
      chunks: [
        Buffer.concat([
          Buffer.from('data: {"choices":[{"index":0,"delta":{"content":"caf'),
          Buffer.from([0xc3]),
          Buffer.from(' au lait, '),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('!"}}]}\n\n'),
        ]),
        contentChunk('', 'stop'),
        DONE,
      ],
    },
    // Decoded as the WHATWG decoder does: each bad byte becomes U+FFFD; the rest of the reply stands.
    status: 'complete',
    content: 'caf\uFFFD au lait, \uFFFD\uFFFD!',
  },
  {
    name: 'a gzip-encoded stream',
    fault: {
      kind: 'raw',
      status: 200,
      headers: { ...SSE, 'Content-Encoding': 'gzip' },
      chunks: pieces(gzipSync(wholeStream(['Compressed ', 'and ', 'whole.'])), 16),
    },
    status: 'complete',
    content: 'Compressed and whole.',
  },
  {
    name: `a gzip body expanding past ${maxStreamBytes / (1024 * 1024)} MiB`,
    fault: {
      kind: 'raw',
      status: 200,
      headers: { ...SSE, 'Content-Encoding': 'gzip' },
      chunks: pieces(gzipBomb(contentChunk('Before the flood. '), maxStreamBytes + 6 * 1024 * 1024), 16 * 1024),
      chunkDelayMs: 1,
    },
    status: 'error',
    kind: 'stream',
    content: 'Before the flood. ',
    message: `The stream from CLIProxyAPI passed ${maxStreamBytes / (1024 * 1024)} MiB (after decompression); it was stopped.`,
  },
];
