import { createParser, type EventSourceParser } from 'eventsource-parser';
import { eventTooLarge, STREAM_LIMITS, StreamLimitError, type StreamLimits, streamTooLarge } from './limits';
import type { ChatError } from './types';

/** Told what arrives, so the caller can time the stream. */
export interface ReadObserver {
  /** About to wait for the next chunk of bytes. */
  waiting(): void;
  /** A non-empty chunk of bytes arrived (data or comment alike). */
  received(): void;
}

/**
 * Reads an SSE body one network chunk at a time and hands back, per chunk, the `data` of every event it completed.
 * Working per chunk rather than per event keeps the per-event cost of a long reply to parsing alone.
 *
 * Parsing follows the HTML SSE spec through eventsource-parser: CR, LF and CRLF line ends, multi-line `data:` joined
 * with "\n", comment lines (`: keep-alive`) dropped. Bytes are decoded with one streaming TextDecoder, so a UTF-8
 * character split across network chunks comes out whole. An event not closed by a blank line before the body ends
 * is discarded, as the spec says. Rejects with `signal.reason` when `signal` aborts, or with the transport's error
 * when the connection breaks.
 *
 * An abort cancels the body, which ends a pending read at once whatever the transport does with the signal (a
 * custom `FetchLike` may ignore it); one listener for the whole stream costs less than racing every read.
 *
 * Bounds (`limits`): an event (or the unfinished text since the last event or comment) longer than
 * `maxEventChars`, and a body past `maxStreamBytes`, reject with a `StreamLimitError` and cancel the body. Checked per
 * network chunk, so what the parser holds stays within one chunk of the bound.
 */
export class SseReader {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly ready: string[] = [];
  private readonly parser: EventSourceParser;
  private ended = false;
  /** Characters fed since the parser last completed an event or a comment. */
  private pending = 0;
  private longestEvent = 0;
  private bytes = 0;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly signal: AbortSignal,
    private readonly observer: ReadObserver,
    private readonly limits: Pick<StreamLimits, 'maxEventChars' | 'maxStreamBytes'> = STREAM_LIMITS,
  ) {
    this.parser = createParser({
      onEvent: (event) => {
        this.pending = 0;
        this.longestEvent = Math.max(this.longestEvent, event.data.length);
        this.ready.push(event.data);
      },
      onComment: () => {
        this.pending = 0;
      },
    });
    const cancel = () => void reader.cancel(signal.reason).catch(() => {});
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
  }

  /** The data events the next chunk of bytes completed (maybe none); undefined once the body has ended. */
  async next(): Promise<string[] | undefined> {
    if (this.ended) return undefined;
    this.observer.waiting();
    const { done, value } = await this.reader.read();
    this.signal.throwIfAborted();
    if (done) {
      this.ended = true;
      this.parser.feed(this.decoder.decode());
    } else if (value.byteLength > 0) {
      this.observer.received();
      this.bytes += value.byteLength;
      if (this.bytes > this.limits.maxStreamBytes) this.stop(streamTooLarge(this.limits.maxStreamBytes));
      const text = this.decoder.decode(value, { stream: true });
      this.pending += text.length;
      this.parser.feed(text);
      if (this.pending > this.limits.maxEventChars || this.longestEvent > this.limits.maxEventChars) {
        this.stop(eventTooLarge(this.limits.maxEventChars));
      }
    }
    return this.ready.splice(0);
  }

  private stop(error: ChatError): never {
    this.ended = true;
    this.ready.length = 0;
    void this.reader.cancel().catch(() => {});
    throw new StreamLimitError(error);
  }
}
