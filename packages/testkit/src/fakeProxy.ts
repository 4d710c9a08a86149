import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EchoMessage } from './echoReply';
import { fakeErrors } from './errorScenarios';
import { baseModelId, DEFAULT_MODELS, modelEntry, shuffled } from './models';
import { pause } from './pause';
import { readBody } from './readBody';
import { findMarker, type Scenario, scenarioForMarker } from './scenarios';
import { serveScenario, writeError } from './serveScenario';

export interface FakeProxyOptions {
  /** Default 0: a random free port. */
  port?: number;
  /** CLIProxyAPI `api-keys`; empty or undefined lets every request through (the proxy's legacy behaviour). */
  accessKeys?: string[];
  /** Ids served by `/v1/models` and accepted by chat completions. Default: `DEFAULT_MODELS`. */
  models?: string[];
  /**
   * Refuses (400, in OpenAI's error shape) a chat request with more than this many system messages, as some
   * OpenAI-compatible servers do. Default: no limit, as CLIProxyAPI.
   */
  maxSystemMessages?: number;
  /** Pause between streamed chunks of a reply. Default 15. */
  chunkDelayMs?: number;
  /** Like the proxy's `streaming.keepalive-seconds`: `: keep-alive` every this many ms during pauses (after the first chunk). Default off. */
  keepAliveMs?: number;
  /**
   * Like the proxy's cooling (on by default there): after a 5xx or a reply that broke mid-stream, every request for
   * that model gets 503 `auth_unavailable` for this long. Default 60 s; 0 turns it off.
   */
  coolingMs?: number;
  /**
   * The real proxy retries a provider's 429 itself (with backoff) before answering, so a 429 arrives seconds late:
   * every 429 the fake sends waits this long first. Default 0.
   */
  rateLimitDelayMs?: number;
}

export interface RecordedRequest {
  method: string;
  /** The request target as sent: path plus query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased names, as Node reports them. */
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the body is JSON, the raw text otherwise, undefined when empty. */
  body: unknown;
}

/** How a response ended: the fake finished it, or the client closed the connection first. */
export type ResponseOutcome = 'finished' | 'aborted';

export interface FakeProxy {
  /** E.g. `http://127.0.0.1:41234`: no trailing slash and no `/v1`. */
  readonly url: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** The next `/v1/chat/completions` request uses this scenario (FIFO); queued scenarios win over markers. */
  enqueue(scenario: Scenario): void;
  /** The next request for `model` uses this scenario (FIFO per model); it wins over `enqueue` and markers. */
  enqueueFor(model: string, scenario: Scenario): void;
  /** Settles when the response to `requests[index]` has closed, telling whether the client left before the end. */
  whenResponseClosed(index: number): Promise<ResponseOutcome>;
  /** Stops listening and destroys open connections. */
  close(): Promise<void>;
}

/** The template keys CLIProxyAPI refuses to run with (safe mode, since v7.1.46). */
const EXAMPLE_KEYS = new Set(['your-api-key-1', 'your-api-key-2', 'your-api-key-3']);

const BANNER = {
  endpoints: ['POST /v1/chat/completions', 'POST /v1/completions', 'GET /v1/models'],
  message: 'CLI Proxy API Server',
};

/**
 * Starts a fake CLIProxyAPI on 127.0.0.1 that speaks the real proxy's HTTP protocol (docs/cliproxyapi-behaviour.md):
 * `GET|HEAD /healthz`, `GET /` (banner), `GET /v1/models` and `POST /v1/chat/completions` behind the same key check
 * and error bodies, gin's text 404 for anything else. Chat replies echo what the model received
 * (`buildEchoReply`) in the chunk style of the model's family; faults come from `enqueue` or `[[fake:…]]` markers.
 */
export async function startFakeProxy(options: FakeProxyOptions = {}): Promise<FakeProxy> {
  const accessKeys = (options.accessKeys ?? []).filter((key) => key.trim() !== '');
  const models = options.models ?? [...DEFAULT_MODELS];
  const chunkDelayMs = options.chunkDelayMs ?? 15;
  const requests: RecordedRequest[] = [];
  const outcomes: Promise<ResponseOutcome>[] = [];
  const queue: Scenario[] = [];
  const perModel = new Map<string, Scenario[]>();
  const coolingMs = options.coolingMs ?? 60_000;
  /** Models cooling down after a failure, until when (epoch ms). */
  const coolingUntil = new Map<string, number>();
  /** Bodies of `[[fake:flaky]]` requests that already failed once; their retry succeeds (when cooling is off). */
  const failedOnce = new Set<string>();
  /** Aborted on close so every pending pause of every response ends at once. */
  const shutdown = new AbortController();

  const server = createServer({ noDelay: true }, (req, res) => {
    handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const index = requests.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: { ...req.headers },
      body: parseBody(rawBody),
    });
    outcomes[index - 1] = new Promise((resolve) => {
      res.on('close', () => resolve(res.writableFinished ? 'finished' : 'aborted'));
    });
    const clientGone = new AbortController();
    res.on('close', () => clientGone.abort());
    res.on('error', () => {});
    const signal = AbortSignal.any([clientGone.signal, shutdown.signal]);
    // CLIProxyAPI's corsMiddleware answers every route with this.
    res.setHeader('Access-Control-Allow-Origin', '*');

    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = req.method ?? 'GET';
    const route = `${method} ${url.pathname}`;

    if (route === 'GET /healthz' || route === 'HEAD /healthz') return sendJson(res, 200, { status: 'ok' });
    if (route === 'GET /') return sendJson(res, 200, BANNER);
    if (route !== 'GET /v1/models' && route !== 'POST /v1/chat/completions') {
      return writeError(res, fakeErrors.notFound());
    }

    if (accessKeys.some((key) => EXAMPLE_KEYS.has(key))) return writeError(res, fakeErrors.exampleAccessKeys());
    const authFailure = checkAccessKey(req, url, accessKeys);
    if (authFailure)
      return writeError(res, authFailure === 'missing' ? fakeErrors.missingAccessKey() : fakeErrors.wrongAccessKey());

    if (route === 'GET /v1/models') {
      return sendJson(res, 200, { object: 'list', data: shuffled(models).map(modelEntry) });
    }
    return chatCompletions(rawBody, res, signal);
  }

  async function chatCompletions(rawBody: string, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const body = parseBody(rawBody);
    const model = isRecord(body) && typeof body.model === 'string' ? body.model : undefined;
    // A body that is not JSON, or has no model, is "unknown provider for model " to the proxy.
    if (model === undefined) return writeError(res, fakeErrors.modelNotFound(''));
    const messages = isRecord(body) && Array.isArray(body.messages) ? toEchoMessages(body.messages) : [];
    const exchange = {
      res,
      signal,
      model,
      messages,
      stream: isRecord(body) && body.stream === true,
      defaultChunkDelayMs: chunkDelayMs,
      defaultKeepAliveMs: options.keepAliveMs,
    };
    const serve = async (scenario: Scenario) => {
      if (coolingMs > 0 && causesCooling(scenario)) coolingUntil.set(model, Date.now() + coolingMs);
      const delay = options.rateLimitDelayMs ?? 0;
      if (delay > 0 && scenario.kind === 'error' && scenario.status === 429 && !(await pause(delay, signal))) return;
      return serveScenario(scenario, exchange);
    };

    if ((coolingUntil.get(model) ?? 0) > Date.now()) return writeError(res, fakeErrors.authUnavailable(model));
    const queued = perModel.get(model)?.shift() ?? queue.shift();
    if (queued) return serve(queued);

    if (!models.includes(baseModelId(model))) return writeError(res, fakeErrors.modelNotFound(model));
    const systemMessages = messages.filter((m) => m.role === 'system').length;
    if (options.maxSystemMessages !== undefined && systemMessages > options.maxSystemMessages) {
      return sendJson(res, 400, {
        error: { message: 'Only one system message is allowed, at the start.', type: 'invalid_request_error' },
      });
    }

    const marker = findMarker(messages.findLast((m) => m.role === 'user')?.content ?? '');
    if (!marker) return serve({ kind: 'reply' });
    const scenario = scenarioForMarker(marker, model);
    if (!scenario) {
      return sendJson(res, 400, {
        error: { message: `fake proxy: unknown marker [[fake:${marker.name}]]`, type: 'invalid_request_error' },
      });
    }
    if (scenario.kind === 'flaky') {
      // The client's retry sends the very same body: let that one through, and fail again next time it is typed.
      if (failedOnce.delete(rawBody)) return serve({ kind: 'reply' });
      failedOnce.add(rawBody);
    }
    return serve(scenario);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    enqueue: (scenario) => {
      queue.push(scenario);
    },
    enqueueFor: (model, scenario) => {
      perModel.set(model, [...(perModel.get(model) ?? []), scenario]);
    },
    whenResponseClosed: (index) => {
      const outcome = outcomes[index];
      if (!outcome) return Promise.reject(new Error(`fake proxy: no request #${index} (${requests.length} so far)`));
      return outcome;
    },
    close: async () => {
      shutdown.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** What makes the real proxy cool a model down for a while: a 5xx, or the provider's error chunk mid-stream. */
function causesCooling(scenario: Scenario): boolean {
  if (scenario.kind === 'error') return scenario.status >= 500;
  if (scenario.kind === 'mid-stream-error') return scenario.coolsDown !== false;
  return scenario.kind === 'flaky';
}

/** CLIProxyAPI's carriers for the key: `Authorization: Bearer <key>` (or bare), `X-Api-Key`, `X-Goog-Api-Key`, `?key=`, `?auth_token=`. */
function checkAccessKey(req: IncomingMessage, url: URL, accessKeys: string[]): 'missing' | 'invalid' | undefined {
  if (accessKeys.length === 0) return undefined;
  const presented = [
    req.headers.authorization?.replace(/^Bearer\s+/i, ''),
    headerValue(req.headers['x-api-key']),
    headerValue(req.headers['x-goog-api-key']),
    url.searchParams.get('key') ?? undefined,
    url.searchParams.get('auth_token') ?? undefined,
  ]
    .map((value) => value?.trim())
    .filter((value): value is string => !!value);
  if (presented.length === 0) return 'missing';
  return presented.some((value) => accessKeys.includes(value)) ? undefined : 'invalid';
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Message content as text: a string as is, an array of parts as its text parts joined, each image part as a line
 * `[image part: <type>, <n> bytes]` (read from its data URL), so a test sees which seat was sent the image itself.
 */
function toEchoMessages(raw: unknown[]): EchoMessage[] {
  return raw.filter(isRecord).map((m) => ({
    role: typeof m.role === 'string' ? m.role : 'unknown',
    content:
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content
              .filter(isRecord)
              .map((part) => (typeof part.text === 'string' ? part.text : describeImagePart(part)))
              .join('')
          : '',
  }));
}

function describeImagePart(part: Record<string, unknown>): string {
  const url = isRecord(part.image_url) && typeof part.image_url.url === 'string' ? part.image_url.url : '';
  const data = /^data:([^;,]+);base64,(.*)$/.exec(url);
  if (!data) return '\n[image part: not a data URL]';
  return `\n[image part: ${data[1]}, ${Buffer.from(data[2] ?? '', 'base64').length} bytes]`;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(res.req.method === 'HEAD' ? undefined : JSON.stringify(body));
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
