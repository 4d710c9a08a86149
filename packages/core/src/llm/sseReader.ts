import { createParser, type EventSourceParser } from 'eventsource-parser';

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
 */
export class SseReader {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly ready: string[] = [];
  private readonly parser: EventSourceParser;
  private ended = false;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly signal: AbortSignal,
    private readonly observer: ReadObserver,
  ) {
    this.parser = createParser({ onEvent: (event) => this.ready.push(event.data) });
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
      this.parser.feed(this.decoder.decode(value, { stream: true }));
    }
    return this.ready.splice(0);
  }
}
