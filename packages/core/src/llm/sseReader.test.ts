import { describe, expect, test } from 'vitest';
import { SseReader } from './sseReader';

const encode = (text: string) => new TextEncoder().encode(text);

/** A body whose chunks the test pushes one at a time, and that never ends unless told (like a stalled network). */
function body() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled: unknown = 'not cancelled';
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: (reason) => {
      cancelled = reason;
    },
  });
  return {
    reader: stream.getReader(),
    push: (bytes: Uint8Array) => controller.enqueue(bytes),
    end: () => controller.close(),
    cancelled: () => cancelled,
  };
}

function observed() {
  const seen: string[] = [];
  return { seen, observer: { waiting: () => seen.push('waiting'), received: () => seen.push('received') } };
}

describe('SseReader', () => {
  test('hands back, per network chunk, the data of every event that chunk completed', async () => {
    const b = body();
    const { seen, observer } = observed();
    const sse = new SseReader(b.reader, new AbortController().signal, observer);
    b.push(encode('data: one\n\ndata: two\n\ndata: thr'));
    expect(await sse.next()).toEqual(['one', 'two']);
    b.push(encode('ee\n\n: keep-alive\n\n'));
    expect(await sse.next()).toEqual(['three']);
    b.push(encode(': keep-alive\n\n'));
    expect(await sse.next()).toEqual([]);
    expect(seen).toEqual(['waiting', 'received', 'waiting', 'received', 'waiting', 'received']);
  });

  test('joins a UTF-8 character split across chunks, and multi-line data with a newline', async () => {
    const b = body();
    const sse = new SseReader(b.reader, new AbortController().signal, observed().observer);
    const bytes = encode('data: caf\u00e9\r\ndata: ok\r\n\r\n');
    const split = bytes.indexOf(0xc3) + 1;
    b.push(bytes.subarray(0, split));
    expect(await sse.next()).toEqual([]);
    b.push(bytes.subarray(split));
    expect(await sse.next()).toEqual(['caf\u00e9\nok']);
  });

  test('an event the body ends before closing is dropped, and the end is undefined from then on', async () => {
    const b = body();
    const sse = new SseReader(b.reader, new AbortController().signal, observed().observer);
    b.push(encode('data: whole\n\ndata: cut sh'));
    b.end();
    expect(await sse.next()).toEqual(['whole']);
    expect(await sse.next()).toEqual([]);
    expect(await sse.next()).toBeUndefined();
  });

  test('an abort ends a pending read at once with the abort reason, and cancels the body', async () => {
    const b = body();
    const controller = new AbortController();
    const sse = new SseReader(b.reader, controller.signal, observed().observer);
    const pending = sse.next();
    const reason = new Error('stopped by the user');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(b.cancelled()).toBe(reason);
  });

  test('a signal aborted before the first read rejects that read', async () => {
    const b = body();
    const controller = new AbortController();
    b.push(encode('data: unseen\n\n'));
    controller.abort(new Error('too late'));
    const sse = new SseReader(b.reader, controller.signal, observed().observer);
    await expect(sse.next()).rejects.toThrow('too late');
  });
});
