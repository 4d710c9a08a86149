// The edges of SseReader that the main tests leave open: an abort that came before the reader, empty reads, the
// exact point where each bound is passed, and what the reader does after it stopped at one.
import { getEventListeners } from 'node:events';
import { describe, expect, test } from 'vitest';
import { eventTooLarge, StreamLimitError, streamTooLarge } from './limits';
import { SseReader } from './sseReader';

const encode = (text: string) => new TextEncoder().encode(text);

/** A body whose chunks the test pushes one at a time, and that never ends unless told (like a stalled network). */
function body() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const cancels: unknown[] = [];
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: (reason) => {
      cancels.push(reason);
    },
  });
  return {
    reader: stream.getReader(),
    push: (bytes: Uint8Array) => controller.enqueue(bytes),
    cancels,
  };
}

function observed() {
  const seen: string[] = [];
  return { seen, observer: { waiting: () => seen.push('waiting'), received: () => seen.push('received') } };
}

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('SseReader: aborts', () => {
  test('a signal aborted before the reader was made cancels the body with its reason at once', () => {
    const b = body();
    const controller = new AbortController();
    const reason = new Error('stopped before the start');
    controller.abort(reason);
    new SseReader(b.reader, controller.signal, observed().observer);
    expect(b.cancels).toEqual([reason]);
  });

  test('a signal aborted before the reader was made ends a read of a silent body', async () => {
    const b = body();
    const controller = new AbortController();
    controller.abort(new Error('stopped before the start'));
    const sse = new SseReader(b.reader, controller.signal, observed().observer);
    await expect(sse.next()).rejects.toThrow('stopped before the start');
  });

  test('the reader leaves no listener on the signal once it aborted', () => {
    const b = body();
    const controller = new AbortController();
    new SseReader(b.reader, controller.signal, observed().observer);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort(new Error('stopped'));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(b.cancels).toHaveLength(1);
  });
});

describe('SseReader: empty reads', () => {
  test('an empty chunk of bytes is not reported as received and completes no event', async () => {
    const b = body();
    const { seen, observer } = observed();
    const sse = new SseReader(b.reader, new AbortController().signal, observer);
    b.push(new Uint8Array(0));
    expect(await sse.next()).toEqual([]);
    expect(seen).toEqual(['waiting']);
    b.push(encode('data: x\n\n'));
    expect(await sse.next()).toEqual(['x']);
    expect(seen).toEqual(['waiting', 'waiting', 'received']);
  });
});

describe('SseReader: bounds', () => {
  test('a body of exactly maxStreamBytes is read; one byte more stops it with the stream error', async () => {
    const b = body();
    const sse = new SseReader(b.reader, new AbortController().signal, observed().observer, {
      maxEventChars: 1000,
      maxStreamBytes: 20,
    });
    b.push(encode('data: 0123456789\n\n')); // 18 bytes
    expect(await sse.next()).toEqual(['0123456789']);
    b.push(encode(': ')); // 20 bytes in all
    expect(await sse.next()).toEqual([]);
    b.push(encode('x'));
    const error = await rejection(sse.next());
    expect(error).toBeInstanceOf(StreamLimitError);
    expect((error as StreamLimitError).error).toEqual(streamTooLarge(20));
    expect(b.cancels).toHaveLength(1);
  });

  test('an unfinished line of exactly maxEventChars is held; one character more stops the stream', async () => {
    const b = body();
    const sse = new SseReader(b.reader, new AbortController().signal, observed().observer, {
      maxEventChars: 10,
      maxStreamBytes: 1000,
    });
    b.push(encode('data: abcd')); // 10 characters, no line end yet
    expect(await sse.next()).toEqual([]);
    b.push(encode('e'));
    const error = await rejection(sse.next());
    expect(error).toBeInstanceOf(StreamLimitError);
    expect((error as StreamLimitError).error).toEqual(eventTooLarge(10));
  });

  test('an event of exactly maxEventChars is handed back; one of a character more stops the stream', async () => {
    const b = body();
    const sse = new SseReader(b.reader, new AbortController().signal, observed().observer, {
      maxEventChars: 10,
      maxStreamBytes: 1000,
    });
    // Each chunk is longer than the bound, but ends the event, so only the event's own length counts.
    b.push(encode('data: 0123456789\n\n'));
    expect(await sse.next()).toEqual(['0123456789']);
    b.push(encode('data: 0123456789a\n\n'));
    const error = await rejection(sse.next());
    expect(error).toBeInstanceOf(StreamLimitError);
    expect((error as StreamLimitError).error).toEqual(eventTooLarge(10));
    expect(b.cancels).toHaveLength(1);
  });

  test('after a bound stopped the stream, the reader reports the end without reading again', async () => {
    const b = body();
    const { seen, observer } = observed();
    const sse = new SseReader(b.reader, new AbortController().signal, observer, {
      maxEventChars: 10,
      maxStreamBytes: 1000,
    });
    b.push(encode('data: 0123456789a\n\ndata: next\n\n'));
    await expect(sse.next()).rejects.toBeInstanceOf(StreamLimitError);
    expect(await sse.next()).toBeUndefined();
    expect(seen).toEqual(['waiting', 'received']);
  });
});
