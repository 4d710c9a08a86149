import type { ChatError } from './types';

/**
 * What one reply may cost in memory, whatever the server sends. Each bound ends the stream with an error that says
 * which was passed; the text already received is kept. The sizes are far above anything a model sends (the longest
 * real replies are a few hundred thousand characters) and far below what would hurt the editor.
 */
export interface StreamLimits {
  maxEventChars: number;
  maxReplyChars: number;
  maxStreamBytes: number;
  maxErrorBodyBytes: number;
}

export const STREAM_LIMITS: Readonly<StreamLimits> = {
  /** One SSE event, or the unfinished line being read: a server that never ends a line is cut off here. */
  maxEventChars: 1_000_000,
  /** The text of one whole reply. */
  maxReplyChars: 4_000_000,
  /** Everything read from one response body, after decompression (gzip is undone by fetch before we see it). */
  maxStreamBytes: 64 * 1024 * 1024,
  /** What is read of a body that is not an event stream (an error): only the start is ever shown. */
  maxErrorBodyBytes: 64 * 1024,
};

export function eventTooLarge(limit: number): ChatError {
  return {
    kind: 'stream',
    message: `CLIProxyAPI sent a stream event longer than ${count(limit)} characters; the stream was stopped.`,
  };
}

export function replyTooLong(limit: number): ChatError {
  return {
    kind: 'stream',
    message: `The reply passed ${count(limit)} characters, the most Roundtable keeps of one reply; it was stopped there.`,
  };
}

export function streamTooLarge(limit: number): ChatError {
  return {
    kind: 'stream',
    message: `The stream from CLIProxyAPI passed ${Math.round(limit / (1024 * 1024))} MiB (after decompression); it was stopped.`,
  };
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Thrown by the reader when a bound is passed; the stream turns it into its error. */
export class StreamLimitError extends Error {
  constructor(readonly error: ChatError) {
    super(error.message);
    this.name = 'StreamLimitError';
  }
}

/**
 * Reads at most `maxBytes` of a body as UTF-8 and cancels the rest, so an error page of any size costs what is
 * shown. `truncated` says whether more was there.
 */
export async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  if (!body) return { text: '', truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), truncated: false };
      const room = maxBytes - read;
      if (value.byteLength >= room) {
        // A character cut in half at the bound is left out, not shown as a replacement character.
        text += decoder.decode(value.subarray(0, room), { stream: true });
        return { text, truncated: value.byteLength > room || !(await reader.read()).done };
      }
      read += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
