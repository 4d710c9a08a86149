// A loopback stand-in of the Anthropic Messages API, as Claude Code reaches it through ANTHROPIC_BASE_URL: a
// streamed `POST /v1/messages` answered with the API's own SSE events (message_start, content_block_start, ping,
// content_block_delta, content_block_stop, message_delta with usage, message_stop) or its error body
// `{type:'error', error:{type, message}}`.
//
// It is also the CLI's HTTP(S) proxy, so a connection meant for any other host (telemetry, update checks, feature
// flags, an OAuth profile) arrives here as a `CONNECT host:443` or an absolute-URL request, is recorded, and is
// refused. Every request is recorded: a test can prove the CLI reached nothing but the provider.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pause } from '../pause';
import { readBody } from '../readBody';
import type { RecordedRequest, StandIn, StandInScenario, StartStandIn } from './scenario';
import { startStandInServer } from './standInServer';

/** The API's `error.type` for each status it documents; anything else is an `api_error`. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** A pause between two SSE events, so the CLI reads the reply in several chunks as it would from the API. */
const EVENT_GAP_MS = 15;

/**
 * Set `CLAUDE_STANDIN_NO_KEY=1` to give the CLI an empty key instead of the placeholder: Claude Code then has no
 * credentials at all (the fresh HOME holds no login) and says so without making a request.
 */
const NO_KEY = process.env.CLAUDE_STANDIN_NO_KEY === '1';

export const startStandIn: StartStandIn = async (initial) => {
  const requests: RecordedRequest[] = [];
  let next = 0;
  // A tunnel the CLI asked its proxy for is a host other than the stand-in: recorded and refused.
  const { port, url, close } = await startStandInServer(requests, (req, res) => handle(req, res));

  const standIn: StandIn = {
    url,
    port,
    requests,
    scenario: initial,
    env: () => ({
      ANTHROPIC_BASE_URL: url,
      // A placeholder: the stand-in accepts any key, and no real key ever leaves a test.
      ANTHROPIC_API_KEY: NO_KEY ? '' : 'sk-ant-api03-standin-placeholder',
      // Everything not addressed to the stand-in itself goes through it as a proxy, so it is seen and refused.
      HTTPS_PROXY: url,
      HTTP_PROXY: url,
      https_proxy: url,
      http_proxy: url,
      NO_PROXY: `127.0.0.1:${port}`,
      no_proxy: `127.0.0.1:${port}`,
    }),
    close,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: { ...req.headers }, body });
    if (req.method === 'POST' && path.split('?')[0] === '/v1/messages') {
      let parsed: { model?: unknown; stream?: unknown } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // a body that is not JSON is answered like any other: the scenario decides
      }
      const model = typeof parsed.model === 'string' ? parsed.model : 'unknown';
      await play(standIn.scenario, model, parsed.stream === true, req, res);
      return;
    }
    // Anything else (a start-up probe, or a plain-HTTP request through the proxy) is a harmless not-found, in the
    // API's own error shape.
    sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `Not found: ${path}` } });
  }

  async function play(
    scenario: StandInScenario,
    model: string,
    stream: boolean,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    next++;
    const id = `msg_standin${String(next).padStart(4, '0')}`;
    const requestId = `req_standin${String(next).padStart(4, '0')}`;
    const left = new AbortController();
    res.on('close', () => left.abort());
    if (scenario.kind === 'error') {
      res.writeHead(scenario.status, { 'Content-Type': 'application/json', 'request-id': requestId });
      const error = { type: ERROR_TYPES[scenario.status] ?? 'api_error', message: scenario.message };
      res.end(JSON.stringify({ type: 'error', error, request_id: requestId }));
      return;
    }
    if (scenario.kind === 'usageLimit') {
      res.writeHead(429, { ...usageLimitHeaders(scenario.resetsAt), 'request-id': requestId });
      res.end(JSON.stringify({ type: 'error', error: USAGE_LIMIT_ERROR, request_id: requestId }));
      return;
    }
    const usage = scenario.kind === 'reply' ? scenario.usage : { inputTokens: 0, outputTokens: 0 };
    if (!stream) {
      // Claude Code streams; a request without `stream` (its fallback after a broken stream) gets the scenario too.
      if (scenario.kind === 'drop') {
        req.socket.destroy();
      } else if (scenario.kind === 'stall') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'request-id': requestId });
        await pause(Number.POSITIVE_INFINITY, left.signal);
      } else {
        sendJson(res, 200, {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [{ type: 'text', text: scenario.chunks.join('') }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
        });
      }
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'request-id': requestId,
    });
    /** Writes one event, then waits a little; false once the client has gone. */
    const send = async (data: { type: string }): Promise<boolean> => {
      if (left.signal.aborted) return false;
      res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
      return pause(EVENT_GAP_MS, left.signal);
    };
    const message = { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null };
    const events = [
      {
        type: 'message_start',
        message: { ...message, stop_sequence: null, usage: { input_tokens: usage.inputTokens, output_tokens: 1 } },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'ping' },
      ...scenario.chunks.map((text) => ({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      })),
    ];
    for (const event of events) if (!(await send(event))) return;
    switch (scenario.kind) {
      case 'reply': {
        const end = [
          { type: 'content_block_stop', index: 0 },
          {
            type: 'message_delta',
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: usage.outputTokens },
          },
          { type: 'message_stop' },
        ];
        for (const event of end) if (!(await send(event))) return;
        res.end();
        return;
      }
      case 'stall':
        // The head and the chunks are out; nothing more until the client gives up.
        await pause(Number.POSITIVE_INFINITY, left.signal);
        return;
      case 'drop':
        req.socket.destroy();
        return;
    }
  }

  return standIn;
};

/**
 * The body of the API's 429 to a subscriber (a Claude.ai login) whose plan's limit is spent. Claude Code does not
 * show it: it words the limit itself from the headers below.
 */
const USAGE_LIMIT_ERROR = {
  type: 'rate_limit_error',
  message: "This request would exceed your account's rate limit. Please try again later.",
};

/**
 * The unified rate-limit headers the API sends a subscriber whose window is spent, resetting at `resetsAt` (seconds
 * since the epoch): the five-hour window when that is at most five hours away, else the weekly one. What Claude Code
 * 2.1.328 reads of them (its bundled source): `-status: rejected` with `-reset` (the moment it reports as `resetsAt` in
 * its `rate_limit_event` and words as "resets <time>"), `-representative-claim` (which window it names), and the
 * overage (extra usage) status, which, `rejected` too, leaves the request refused; the per-window `-5h-`/`-7d-` headers
 * feed its usage readings.
 */
function usageLimitHeaders(resetsAt: number): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const session = resetsAt - now <= 5 * 3600;
  const [spent, other] = session ? ['5h', '7d'] : ['7d', '5h'];
  const otherReset = session ? now + 7 * 86_400 : now + 5 * 3600;
  return {
    'Content-Type': 'application/json',
    'retry-after': String(Math.max(0, resetsAt - now)),
    'anthropic-ratelimit-unified-status': 'rejected',
    'anthropic-ratelimit-unified-reset': String(resetsAt),
    'anthropic-ratelimit-unified-representative-claim': session ? 'five_hour' : 'seven_day',
    [`anthropic-ratelimit-unified-${spent}-status`]: 'rejected',
    [`anthropic-ratelimit-unified-${spent}-reset`]: String(resetsAt),
    [`anthropic-ratelimit-unified-${spent}-utilization`]: '1.0',
    [`anthropic-ratelimit-unified-${other}-status`]: 'allowed',
    [`anthropic-ratelimit-unified-${other}-reset`]: String(otherReset),
    [`anthropic-ratelimit-unified-${other}-utilization`]: '0.42',
    'anthropic-ratelimit-unified-overage-status': 'rejected',
    'anthropic-ratelimit-unified-overage-disabled-reason': 'org_level_disabled',
    'anthropic-ratelimit-unified-fallback': 'unavailable',
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
