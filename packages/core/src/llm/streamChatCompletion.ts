import { abortable, sleep } from './abortable';
import { describeErrorBody, isAuthUnavailable } from './describeErrorBody';
import { interpretChunk } from './interpretChunk';
import { readBounded, replyTooLong, STREAM_LIMITS, StreamLimitError, type StreamLimits } from './limits';
import { redactSecret } from './redactSecret';
import { type ReadObserver, SseReader } from './sseReader';
import {
  brokenStream,
  coolingAfterEarlierFailure,
  emptyReply,
  endedWithoutDone,
  firstByteTimeout,
  notAnEventStream,
  stallTimeout,
  unreachable,
  withCoolingNote,
} from './streamErrors';
import type { ChatCompletionRequest, ChatError, StreamEvent, TokenUsage } from './types';
import { refusesUsageAsk } from './usageAsk';
import { Watchdog } from './watchdog';
import { wireMessages } from './wireMessages';

/**
 * Long enough for a rate limit: the proxy retries a provider's 429 itself before answering (31 s was seen), and a
 * 429 reported as a timeout would tell the user the wrong thing. The view shows how long it has been waiting.
 */
export const DEFAULT_FIRST_BYTE_MS = 60_000;
export const DEFAULT_STALL_MS = 120_000;
export const DEFAULT_RETRY_DELAY_MS = 500;

interface Limits extends StreamLimits {
  firstByteMs: number;
  stallMs: number;
  retryDelayMs: number;
}

type Opened = { ok: true; body: ReadableStream<Uint8Array> } | { ok: false; error: ChatError };

/**
 * Streams one chat completion from CLIProxyAPI's OpenAI-compatible endpoint (see docs/cliproxyapi-behaviour.md).
 *
 * Yields `delta`s as text arrives, then `usage` (when the proxy reported any) and `finish` after `data: [DONE]`;
 * or a single `error` (HTTP error, timeout, broken or malformed stream, a stream that ends without `[DONE]`).
 * Nothing follows `finish` or `error`. When `signal` aborts, the iteration throws `signal.reason` instead of
 * yielding an error, and the HTTP request is aborted so the proxy sees the connection close.
 *
 * Timeouts: `firstByteMs` runs from the request until the first byte of the body (headers alone do not count);
 * `stallMs` is the longest wait between two data events. Comments (`: keep-alive`) do not count: the proxy sends
 * them during a provider's stall forever, and counting them would leave the user waiting forever too. Time the
 * caller spends between pulling events does not count.
 *
 * A status >= 500 before any stream byte is retried once, after `retryDelayMs`; 429 and other 4xx never are, nor
 * is the proxy's cooling 503 (`auth_unavailable`): a limit is reported once, with its time, and never waited out here.
 * A clean end with no text and no output tokens is an error (`emptyReply`), not an empty reply. The
 * proxy pauses a model for about a minute after a failure (503 `auth_unavailable`, its cooling), so a retry usually
 * meets that pause: then, and whenever the retry fails, the user reads the first error, with the pause explained.
 * Failures are noted in `request.failures`, so a cooling 503 on a later request is explained too, not taken for a
 * missing login.
 *
 * Bounds (`STREAM_LIMITS`): an event, the whole body and the reply's text are capped, each ending the stream with
 * an error after the text received so far; of an error body only the start is read. Text from the network is
 * redacted of the access key before anything is cut from it, so no part of the key survives a cut.
 */
export async function* streamChatCompletion(
  request: ChatCompletionRequest,
  signal: AbortSignal,
): AsyncGenerator<StreamEvent, void, undefined> {
  signal.throwIfAborted();
  const limits: Limits = {
    ...STREAM_LIMITS,
    ...request.limits,
    firstByteMs: request.timeouts?.firstByteMs ?? DEFAULT_FIRST_BYTE_MS,
    stallMs: request.timeouts?.stallMs ?? DEFAULT_STALL_MS,
    retryDelayMs: request.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
  };

  // One controller for the whole call carries both the caller's abort and our timeouts to fetch and every read.
  const controller = new AbortController();
  let timedOut: ChatError | undefined;
  const watchdog = new Watchdog((error) => {
    timedOut = error;
    controller.abort(new DOMException(error.message, 'TimeoutError'));
  });
  const forwardAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', forwardAbort, { once: true });

  /** What a failed await means: the caller's abort is rethrown as is; a timeout wins over the error it caused. */
  const settle = (cause: unknown, otherwise: (cause: unknown) => ChatError): ChatError => {
    if (signal.aborted) throw signal.reason;
    return timedOut ?? otherwise(cause);
  };
  const redact = (error: ChatError): StreamEvent => ({ type: 'error', error: redactKey(error, request.accessKey) });

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const opened = await openStream(request, limits, controller.signal, watchdog, settle);
    if (!opened.ok) {
      yield redact(opened.error);
      return;
    }

    // Until the first byte the first-byte timer armed at the request runs. From then on the stall timer counts the
    // time spent waiting for bytes since the last data event: comments do not reset it, and time the caller spends
    // between pulling events is not waiting.
    let firstByteSeen = false;
    let waitedSinceData = 0;
    let waitStart = 0;
    const stalled = stallTimeout(limits.stallMs);
    const observer: ReadObserver = {
      waiting: () => {
        if (!firstByteSeen) return;
        waitStart = Date.now();
        watchdog.arm(Math.max(0, limits.stallMs - waitedSinceData), stalled);
      },
      received: () => {
        if (firstByteSeen) waitedSinceData += Date.now() - waitStart;
        firstByteSeen = true;
        watchdog.disarm();
      },
    };

    reader = opened.body.getReader();
    const events = new SseReader(reader, controller.signal, observer, limits);
    let finishReason: string | null = null;
    let usage: TokenUsage | undefined;
    let replyChars = 0;
    for (;;) {
      let batch: string[] | undefined;
      try {
        batch = await events.next();
      } catch (cause) {
        yield redact(cause instanceof StreamLimitError ? cause.error : settle(cause, brokenStream));
        return;
      }
      if (batch === undefined) break;
      if (batch.length > 0) waitedSinceData = 0;
      // The text of one network chunk goes out as one delta: the caller batches for display anyway, and one event
      // per chunk instead of per token keeps a long reply cheap.
      let text = '';
      for (const data of batch) {
        const outcome = interpretChunk(data);
        if (outcome.type === 'chunk') {
          if (outcome.usage) usage = outcome.usage;
          if (outcome.finishReason) finishReason = outcome.finishReason;
          text += outcome.text;
          if (replyChars + text.length > limits.maxReplyChars) {
            yield { type: 'delta', text: text.slice(0, limits.maxReplyChars - replyChars) };
            yield redact(replyTooLong(limits.maxReplyChars));
            return;
          }
          continue;
        }
        if (text) yield { type: 'delta', text };
        if (outcome.type === 'done') {
          // Nothing said and nothing counted: a failure, never an empty reply (a reply that thought but said nothing
          // still counts its tokens, and keeps its finish).
          if (replyChars + text.length === 0 && (usage === undefined || usage.outputTokens === 0)) {
            yield redact(emptyReply(finishReason));
            return;
          }
          if (usage) yield { type: 'usage', usage };
          yield { type: 'finish', reason: finishReason };
          return;
        }
        // The proxy cools the model down after a provider's error chunk (not after a dropped connection).
        if (!outcome.error.message.includes('unexpected EOF')) request.failures?.note(request.model);
        // Read again with the key taken out first: the error quotes an excerpt, and a cut must not keep part of it.
        const clean = interpretChunk(redactSecret(data, request.accessKey));
        yield redact(clean.type === 'error' ? clean.error : outcome.error);
        return;
      }
      replyChars += text.length;
      if (text) yield { type: 'delta', text };
    }
    // The body ended cleanly but without `[DONE]`: the proxy's way of giving up, never a success.
    yield redact(settle(undefined, () => endedWithoutDone(finishReason)));
  } finally {
    watchdog.dispose();
    signal.removeEventListener('abort', forwardAbort);
    // Whatever ended the iteration (done, error, a consumer that stopped pulling), release the connection now.
    reader?.cancel().catch(() => {});
    controller.abort(); // Does nothing when a timeout or the caller already aborted it.
  }
}

/** Sends the request, retrying once on a 5xx, until a 2xx event stream or a final error. */
async function openStream(
  request: ChatCompletionRequest,
  limits: Limits,
  signal: AbortSignal,
  watchdog: Watchdog,
  settle: (cause: unknown, otherwise: (cause: unknown) => ChatError) => ChatError,
): Promise<Opened> {
  const fetchFn = request.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const url = `${request.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const messages = await wireMessages(request.messages, request.loadImage);
  // Usage is asked for on every request, so a reply shows real token counts wherever the server can give them; an
  // endpoint that refuses the field is asked again without it, once, and remembered (`request.usage`).
  let askUsage = request.usage?.asks ?? true;
  const init = (): RequestInit => ({
    method: 'POST',
    headers: requestHeaders(request.accessKey),
    body: JSON.stringify({
      model: request.model,
      messages,
      stream: true,
      ...(askUsage ? { stream_options: { include_usage: true } } : {}),
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    }),
    signal,
  });

  // The first 5xx, kept while the one retry runs: from then on every path returns.
  let first: ChatError | undefined;
  for (;;) {
    watchdog.arm(limits.firstByteMs, firstByteTimeout(limits.firstByteMs));
    let response: Response;
    let bodyText: string;
    try {
      response = await abortable(fetchFn(url, init()), signal);
      if (response.ok && isEventStream(response) && response.body) {
        return { ok: true, body: response.body };
      }
      // Errors before the stream are plain HTTP bodies (JSON or text) even though `stream: true` was asked. Only
      // their start is read (it is all that is shown), with the key taken out before anything is cut.
      const read = await abortable(readBounded(response.body, limits.maxErrorBodyBytes), signal);
      bodyText = redactSecret(read.text, request.accessKey);
    } catch (cause) {
      return { ok: false, error: first ?? settle(cause, (c) => unreachable(request.baseUrl, c)) };
    }
    watchdog.disarm();

    if (response.ok) return { ok: false, error: notAnEventStream(response, bodyText) };
    if (askUsage && refusesUsageAsk(response.status, bodyText)) {
      askUsage = false;
      request.usage?.refused();
      continue;
    }
    const cooling = isAuthUnavailable(response.status, bodyText);
    if (first) return { ok: false, error: cooling ? withCoolingNote(first, request.model) : first };
    if (cooling) {
      const since = request.failures?.sinceLast(request.model);
      if (since !== undefined) return { ok: false, error: coolingAfterEarlierFailure(request.model, since) };
    }
    const error = describeErrorBody(response.status, bodyText, response.headers);
    if (response.status >= 500 && !cooling) {
      request.failures?.note(request.model);
      first = error;
      try {
        await sleep(limits.retryDelayMs, signal);
      } catch (cause) {
        return { ok: false, error: settle(cause, () => error) };
      }
      continue;
    }
    return { ok: false, error };
  }
}

function requestHeaders(accessKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (accessKey) headers.Authorization = `Bearer ${accessKey}`;
  return headers;
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

/** Belt and braces: an upstream message could echo request headers; the access key must never reach the UI or logs. */
function redactKey(error: ChatError, accessKey: string | undefined): ChatError {
  return { ...error, message: redactSecret(error.message, accessKey) };
}
