import { createParser } from 'eventsource-parser';
import { abortable } from './abortable';

/** Told what arrives, so the caller can time the stream. */
export interface ReadObserver {
  /** About to wait for the next chunk of bytes. */
  waiting(): void;
  /** A non-empty chunk of bytes arrived (data or comment alike). */
  received(): void;
  /** A data event was parsed. Comments (`: keep-alive`) are not data and are not reported. */
  data(): void;
}

/**
 * Yields the `data` of each server-sent event in `reader`, in order, and returns when the body ends.
 *
 * Parsing follows the HTML SSE spec through eventsource-parser: CR, LF and CRLF line ends, multi-line `data:`
 * joined with "\n", comment lines (`: keep-alive`) dropped. Bytes are decoded with one streaming TextDecoder, so
 * a UTF-8 character split across network chunks comes out whole. An event not closed by a blank line before the
 * body ends is discarded, as the spec says. Rejects with `signal.reason` when `signal` aborts, or with the
 * transport's error when the connection breaks.
 */
export async function* readSseData(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal,
  observer: ReadObserver,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  const ready: string[] = [];
  const parser = createParser({
    onEvent: (event) => {
      observer.data();
      ready.push(event.data);
    },
  });

  for (;;) {
    observer.waiting();
    const { done, value } = await abortable(reader.read(), signal);
    if (done) break;
    if (value.byteLength === 0) continue;
    observer.received();
    parser.feed(decoder.decode(value, { stream: true }));
    yield* ready.splice(0);
  }
  parser.feed(decoder.decode());
  yield* ready.splice(0);
}
