// The streaming client's bounds against a hostile server on loopback: lines that never end, a reply without end, a
// flood of comments, a gzip bomb, huge error bodies, and an access key straddling the cut of an error's excerpt.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collect, never, onlyError, text } from '../../test/support/liveProxy';
import { readBounded } from './limits';
import { streamChatCompletion } from './streamChatCompletion';
import type { ChatCompletionRequest } from './types';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

let server: Server;
let baseUrl = '';
let handler: Handler = (_req, res) => {
  res.end();
};
/** Whether each response was written to its end, or closed early by the client. */
const outcomes: Promise<'finished' | 'aborted'>[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    outcomes.push(
      new Promise((resolve) => res.on('close', () => resolve(res.writableFinished ? 'finished' : 'aborted'))),
    );
    res.on('error', () => {});
    req.resume();
    void Promise.resolve(handler(req, res)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sse = { 'Content-Type': 'text/event-stream' };
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** Writes `total` pieces from `piece(i)`, respecting back-pressure, until done or the client goes away. */
async function pour(res: ServerResponse, total: number, piece: (i: number) => string | Buffer): Promise<void> {
  for (let i = 0; i < total && !res.destroyed; i++) {
    if (!res.write(piece(i))) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end();
}

function request(overrides: Partial<ChatCompletionRequest> = {}): ChatCompletionRequest {
  return {
    baseUrl,
    model: 'claude-sonnet-4-6',
    messages: [{ role: 'user', content: 'hi' }],
    retryDelayMs: 1,
    ...overrides,
  };
}

describe('bounds on a stream', () => {
  test('a line that never ends is cut off at the event bound, and the connection is closed', async () => {
    handler = (_req, res) => {
      res.writeHead(200, sse);
      res.write(chunk('before '));
      void pour(res, 10_000, () => 'x'.repeat(1_000));
    };
    const events = await collect(streamChatCompletion(request({ limits: { maxEventChars: 50_000 } }), never()));
    expect(text(events)).toBe('before ');
    expect(onlyError(events)).toMatchObject({ kind: 'stream', message: expect.stringContaining('longer than 50,000') });
    expect(await outcomes.at(-1)).toBe('aborted');
  });

  test('one event larger than the bound is refused even when it ends', async () => {
    handler = (_req, res) => {
      res.writeHead(200, sse);
      res.end(`${chunk('y'.repeat(60_000))}data: [DONE]\n\n`);
    };
    const events = await collect(streamChatCompletion(request({ limits: { maxEventChars: 50_000 } }), never()));
    expect(onlyError(events).message).toContain('longer than 50,000 characters');
  });

  test('a reply past the reply bound keeps exactly the bound and ends with why', async () => {
    handler = (_req, res) => {
      res.writeHead(200, sse);
      void pour(res, 200_000, () => chunk('0123456789'));
    };
    const events = await collect(streamChatCompletion(request({ limits: { maxReplyChars: 12_345 } }), never()));
    expect(text(events)).toBe('0123456789'.repeat(1_235).slice(0, 12_345));
    expect(onlyError(events).message).toContain('passed 12,345 characters');
    expect(await outcomes.at(-1)).toBe('aborted');
  });

  test('a flood of comments (no text at all) ends at the body bound', async () => {
    handler = (_req, res) => {
      res.writeHead(200, sse);
      void pour(res, 1_000_000, () => ': keep-alive\n\n');
    };
    const events = await collect(streamChatCompletion(request({ limits: { maxStreamBytes: 200_000 } }), never()));
    expect(onlyError(events)).toMatchObject({
      kind: 'stream',
      message: expect.stringContaining('after decompression'),
    });
  });

  test('a gzip bomb is counted after decompression: 300 MB from 300 KB never gets read', async () => {
    const bomb = gzipSync(Buffer.alloc(300 * 1024 * 1024, ': x\n'), { level: 9 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    handler = (_req, res) => {
      res.writeHead(200, { ...sse, 'Content-Encoding': 'gzip' });
      res.end(bomb);
    };
    const before = process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    const events = await collect(
      streamChatCompletion(request({ limits: { maxStreamBytes: 8 * 1024 * 1024 } }), never()),
    );
    expect(onlyError(events).message).toContain('passed 8 MiB (after decompression)');
    // Not a timing: what was kept stays far below what the bomb expands to.
    const after = process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    expect(after - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('bounds on a body that is not a stream', () => {
  test('of a huge error body only the start is read, and the rest is never downloaded', async () => {
    handler = (_req, res) => {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      void pour(res, 100_000, (i) => (i === 0 ? 'The request was refused. ' : 'z'.repeat(1_000)));
    };
    const events = await collect(streamChatCompletion(request(), never()));
    const error = onlyError(events);
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error.message).toContain('The request was refused.');
    expect(error.message.length).toBeLessThan(1_000);
    expect(await outcomes.at(-1)).toBe('aborted');
  });

  test('a 200 that is not an event stream, however large, is refused from its start', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      void pour(res, 100_000, (i) => (i === 0 ? '<html>login page' : ' '.repeat(1_000)));
    };
    const error = onlyError(await collect(streamChatCompletion(request(), never())));
    expect(error.message).toContain('text/html instead of an event stream: <html>login page');
    expect(await outcomes.at(-1)).toBe('aborted');
  });
});

describe('redaction comes before any cut', () => {
  const key = 'sk-local-0123456789abcdefghijklmnopqrstuvwxyz';

  test.each([390, 395, 399, 400, 405])(
    'a key echoed at character %i of an error body leaves no part in the message',
    async (at) => {
      handler = (_req, res) => {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `${'m'.repeat(at)}Authorization: Bearer ${key} was sent` } }));
      };
      const error = onlyError(await collect(streamChatCompletion(request({ accessKey: key }), never())));
      for (let n = 8; n <= key.length; n++) expect(error.message).not.toContain(key.slice(0, n));
    },
  );

  test('a key echoed in a mid-stream error chunk leaves no part in the message either', async () => {
    handler = (_req, res) => {
      res.writeHead(200, sse);
      res.end(`${chunk('partial ')}data: {"error":{"message":"${'e'.repeat(396)}${key}"}}\n\n`);
    };
    const events = await collect(streamChatCompletion(request({ accessKey: key }), never()));
    expect(text(events)).toBe('partial ');
    for (let n = 8; n <= key.length; n++) expect(onlyError(events).message).not.toContain(key.slice(0, n));
  });
});

describe('readBounded', () => {
  const body = (...parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
        controller.close();
      },
    });

  test.each([
    ['all of a short body', ['abc', 'def'], 10, { text: 'abcdef', truncated: false }],
    ['exactly the bound', ['abc', 'def'], 6, { text: 'abcdef', truncated: false }],
    ['the start of a longer body', ['abc', 'def'], 4, { text: 'abcd', truncated: true }],
    ['no character cut in half', ['aé'], 2, { text: 'a', truncated: true }],
  ])('reads %s', async (_name, parts, max, expected) => {
    expect(await readBounded(body(...parts), max)).toEqual(expected);
  });

  test('no body is an empty text', async () => {
    expect(await readBounded(null, 10)).toEqual({ text: '', truncated: false });
  });
});
