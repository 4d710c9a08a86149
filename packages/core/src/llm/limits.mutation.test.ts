// The bounds' own pieces: the errors they end a stream with, and readBounded's reading of an error body at the edges
// (a body that fills the bound exactly, characters split between chunks, the rest of the body let go).
import { describe, expect, test } from 'vitest';
import { eventTooLarge, readBounded, replyTooLong, StreamLimitError, streamTooLarge } from './limits';

/** A body of the given network chunks (raw bytes), ended after the last. */
function body(...chunks: number[][]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const bytes of chunks) controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

const bytes = (text: string) => [...new TextEncoder().encode(text)];

describe('the errors of the bounds', () => {
  test('a reply past its bound is a stream error naming the bound', () => {
    expect(replyTooLong(4_000_000)).toEqual({
      kind: 'stream',
      message: 'The reply passed 4,000,000 characters, the most Roundtable keeps of one reply; it was stopped there.',
    });
  });

  test('an event past its bound is a stream error naming the bound', () => {
    expect(eventTooLarge(1_000_000)).toEqual({
      kind: 'stream',
      message: 'CLIProxyAPI sent a stream event longer than 1,000,000 characters; the stream was stopped.',
    });
  });

  test('a body past its bound is a stream error naming the bound in MiB', () => {
    expect(streamTooLarge(64 * 1024 * 1024)).toEqual({
      kind: 'stream',
      message: 'The stream from CLIProxyAPI passed 64 MiB (after decompression); it was stopped.',
    });
  });

  test('StreamLimitError carries the error, its message, and a name of its own', () => {
    const error = replyTooLong(10);
    const thrown = new StreamLimitError(error);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown.name).toBe('StreamLimitError');
    expect(thrown.message).toBe(error.message);
    expect(thrown.error).toBe(error);
    expect(String(thrown)).toBe(`StreamLimitError: ${error.message}`);
  });
});

describe('readBounded', () => {
  test('a character split between two chunks below the bound comes out whole', async () => {
    // 'é' is 0xc3 0xa9 in UTF-8.
    expect(await readBounded(body([0x61, 0xc3], [0xa9, 0x62]), 100)).toEqual({ text: 'aéb', truncated: false });
  });

  test('a body that fills the bound exactly and ends in half a character leaves the half out', async () => {
    expect(await readBounded(body([0x61, 0xc3]), 2)).toEqual({ text: 'a', truncated: false });
  });

  test('a body that fills the bound exactly with more to come says it was truncated', async () => {
    expect(await readBounded(body(bytes('abc'), bytes('d')), 3)).toEqual({ text: 'abc', truncated: true });
  });

  test('the rest of a body longer than the bound is cancelled, not read', async () => {
    let pulls = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          controller.enqueue(new Uint8Array(bytes('0123456789')));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    expect(await readBounded(endless, 25)).toEqual({ text: '0123456789012345678901234', truncated: true });
    expect(cancelled).toBe(true);
    expect(pulls).toBe(3);
  });
});
