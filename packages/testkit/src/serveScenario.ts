import type { ServerResponse } from 'node:http';
import { buildCompletion, buildStreamChunks, type ReplyShape } from './chunkStyles';
import { buildEchoReply, type EchoMessage, splitIntoPieces } from './echoReply';
import { type ErrorScenario, fakeErrors } from './errorScenarios';
import { styleForModel } from './models';
import { pause } from './pause';
import { DEFAULT_MID_STREAM_ERROR, type RawScenario, type ReplyOptions, type Scenario } from './scenarios';

/** One chat-completions exchange being answered. */
export interface ChatExchange {
  res: ServerResponse;
  /** Aborts when the client goes away or the proxy closes; every pause ends early then. */
  signal: AbortSignal;
  model: string;
  messages: EchoMessage[];
  stream: boolean;
  defaultChunkDelayMs: number;
  /** Keep-alive comments during pauses, when the proxy is set up to send them. */
  defaultKeepAliveMs: number | undefined;
}

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
};

const MULTIBYTE_LINE = '\n\nUTF-8: Grüße, naïve café, 日本語 👋';

/** Answers one `POST /v1/chat/completions` as `scenario` says, the way CLIProxyAPI frames it. */
export async function serveScenario(scenario: Scenario, exchange: ChatExchange): Promise<void> {
  switch (scenario.kind) {
    case 'error':
      return writeError(exchange.res, scenario);
    case 'flaky':
      return writeError(exchange.res, fakeErrors.serverError(scenario.status ?? 500));
    case 'raw':
      return writeRaw(exchange, scenario);
    default:
      return exchange.stream ? writeStream(exchange, scenario) : writeCompletion(exchange, scenario);
  }
}

export function writeError(res: ServerResponse, scenario: ErrorScenario): void {
  if (scenario.body === '') {
    res.writeHead(scenario.status, { ...scenario.headers });
    res.end();
    return;
  }
  const isText = typeof scenario.body === 'string';
  res.writeHead(scenario.status, {
    'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    ...scenario.headers,
  });
  res.end(isText ? scenario.body : JSON.stringify(scenario.body));
}

async function writeRaw({ res, signal }: ChatExchange, scenario: RawScenario): Promise<void> {
  res.writeHead(scenario.status, scenario.headers ?? {});
  res.flushHeaders();
  for (const [i, chunk] of scenario.chunks.entries()) {
    if (i > 0 && !(await pause(scenario.chunkDelayMs ?? 5, signal))) return;
    res.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk));
  }
  if (scenario.holdOpen) {
    await pause(Number.POSITIVE_INFINITY, signal);
    return;
  }
  res.end();
}

type StreamingScenario = Exclude<Scenario, { kind: 'error' | 'flaky' | 'raw' }>;

async function writeStream(exchange: ChatExchange, scenario: StreamingScenario): Promise<void> {
  const { res, signal } = exchange;
  const events = buildStreamChunks(styleForModel(exchange.model), replyShape(exchange, scenario)).map(
    (chunk) => `data: ${JSON.stringify(chunk)}\n\n`,
  );
  const delayMs = scenario.chunkDelayMs ?? exchange.defaultChunkDelayMs;
  // Like the proxy's `streaming.keepalive-seconds`: comments during every pause once the first chunk is out.
  const keepAliveMs = scenario.keepAliveMs ?? exchange.defaultKeepAliveMs;
  const gap = (ms = delayMs) => pauseWithKeepAlive(res, ms, keepAliveMs, signal);
  const startSse = () => {
    if (res.headersSent) return;
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
  };

  if (scenario.kind === 'slow-first-byte') {
    // The real proxy sends no status line and no header before the provider's first chunk.
    if (scenario.headersFirst === true) startSse();
    if (!(await pause(scenario.delayMs, signal))) return;
  }
  startSse();

  let limit = events.length;
  if (scenario.kind === 'mid-stream-error') limit = Math.min(scenario.afterChunks ?? 2, events.length);
  if (scenario.kind === 'no-done') limit = Math.min(scenario.afterChunks ?? events.length, events.length);
  const stallAt = scenario.kind === 'stall' ? Math.min(scenario.afterChunks ?? 2, events.length) : -1;
  const stallMs = scenario.kind === 'stall' ? (scenario.ms ?? Number.POSITIVE_INFINITY) : 0;

  for (let i = 0; i <= limit; i++) {
    if (i === stallAt) {
      if (!(await gap(stallMs))) return;
    } else if (i > 0 && !(await gap())) {
      return;
    }
    const event = events[i];
    if (i < limit && event !== undefined && !(await writeEvent(res, event, scenario.splitUtf8 === true, signal)))
      return;
  }

  if (scenario.kind === 'no-done') {
    res.end();
  } else if (scenario.kind === 'mid-stream-error') {
    res.end(`data: ${JSON.stringify(scenario.error ?? DEFAULT_MID_STREAM_ERROR)}\n\n`);
  } else {
    res.end('data: [DONE]\n\n');
  }
}

async function writeCompletion(exchange: ChatExchange, scenario: StreamingScenario): Promise<void> {
  if (scenario.kind === 'slow-first-byte' && !(await pause(scenario.delayMs, exchange.signal))) return;
  exchange.res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  exchange.res.end(JSON.stringify(buildCompletion(styleForModel(exchange.model), replyShape(exchange, scenario))));
}

function replyShape(exchange: ChatExchange, options: ReplyOptions): ReplyShape {
  let text = options.text ?? buildEchoReply(exchange.model, exchange.messages);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range spells out "ASCII only".
  if (options.splitUtf8 && /^[\x00-\x7f]*$/.test(text)) text += MULTIBYTE_LINE;
  const promptChars = exchange.messages.reduce((sum, m) => sum + m.content.length, 0);
  return {
    model: exchange.model,
    pieces: splitIntoPieces(text),
    finishReason: options.finishReason ?? 'stop',
    promptTokens: Math.ceil(promptChars / 4) + 3 * exchange.messages.length,
    // An empty text counts no tokens: what a provider that answers a spent quota with an empty 200 sends.
    completionTokens: text === '' ? 0 : Math.max(1, Math.ceil(text.length / 4)),
    usageOnlyChunk: options.usageOnlyChunk === true,
  };
}

/** The pause between two chunks, with `: keep-alive` comments every `keepAliveMs` when asked (at least one). */
async function pauseWithKeepAlive(
  res: ServerResponse,
  ms: number,
  keepAliveMs: number | undefined,
  signal: AbortSignal,
): Promise<boolean> {
  if (keepAliveMs === undefined || keepAliveMs <= 0) return pause(ms, signal);
  let remaining = ms;
  do {
    const step = Math.min(keepAliveMs, remaining);
    if (!(await pause(step, signal))) return false;
    res.write(': keep-alive\n\n');
    remaining -= step;
  } while (remaining > 0);
  return true;
}

/** Writes one event; with `splitUtf8`, in two writes that cut its first multi-byte character in half. */
async function writeEvent(
  res: ServerResponse,
  event: string,
  splitUtf8: boolean,
  signal: AbortSignal,
): Promise<boolean> {
  const bytes = Buffer.from(event, 'utf8');
  const lead = splitUtf8 ? bytes.findIndex((b) => b >= 0xc0) : -1;
  if (lead < 0) {
    res.write(bytes);
    return true;
  }
  res.write(bytes.subarray(0, lead + 1));
  if (!(await pause(10, signal))) return false;
  res.write(bytes.subarray(lead + 1));
  return true;
}
