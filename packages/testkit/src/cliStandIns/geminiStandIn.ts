// A loopback stand-in of the Gemini API as Gemini CLI calls it through @google/genai: `POST
// /v1beta/models/<model>:streamGenerateContent?alt=sse`, answered with SSE `data:` lines, each a GenerateContentResponse
// (candidates[].content.parts[].text, usageMetadata on the last one). Errors carry Google's own body shape,
// `{error: {code, message, status}}`. Every request is recorded, so a test can prove the CLI spoke to nothing else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pause } from '../pause';
import { readBody } from '../readBody';
import type { RecordedRequest, StandIn, StandInScenario, StartStandIn } from './scenario';
import { startStandInServer } from './standInServer';

/** The placeholder key the CLI sends as `x-goog-api-key`; the stand-in accepts any key, this one is easy to spot. */
export const GEMINI_PLACEHOLDER_KEY = 'roundtable-placeholder-key';

/** The canonical gRPC status name Google's APIs pair with an HTTP status in an error body. */
function statusName(status: number): string {
  const names: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
    504: 'DEADLINE_EXCEEDED',
  };
  return names[status] ?? 'UNKNOWN';
}

/** Calls that carry a prompt: the streamed one the CLI uses for replies, and the unary one it uses for side work. */
const GENERATE = /^\/v1(?:beta|alpha)?\/models\/([^/:?]+):(streamGenerateContent|generateContent)(?:\?|$)/;

/**
 * The user-level settings of the stand-in's stand-in "user" (what a user who signed in with an API key has):
 * - `security.auth.selectedType`: without it, a base URL in the environment makes Gemini CLI 0.61 pick its
 *   `gateway` auth type, which its own headless check then refuses ("Invalid auth method selected.");
 * - `privacy.usageStatisticsEnabled: false`: otherwise the CLI posts usage statistics to Google
 *   (play.googleapis.com) on every run, and no environment variable turns that off. Tests talk to loopback only.
 */
const USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
};

/**
 * `GEMINI_STANDIN_NO_LOGIN=1` (read when the stand-in starts, for recording the CLI's "not signed in"): the
 * stand-in user has chosen no auth method and there is no key, as for someone who never ran `gemini` to sign in.
 */
const NO_LOGIN = process.env.GEMINI_STANDIN_NO_LOGIN === '1';

export const startStandIn: StartStandIn = async (initial) => {
  // Gemini CLI keeps its settings and state in `$GEMINI_CLI_HOME/.gemini` (else `~/.gemini`): a folder of the
  // stand-in's own, removed on close, plays the signed-in user's.
  const cliHome = mkdtempSync(join(tmpdir(), 'rt-gemini-standin-'));
  mkdirSync(join(cliHome, '.gemini'), { mode: 0o700 });
  const settings = NO_LOGIN ? { privacy: USER_SETTINGS.privacy } : USER_SETTINGS;
  writeFileSync(join(cliHome, '.gemini', 'settings.json'), JSON.stringify(settings, null, 2), { mode: 0o600 });
  const requests: RecordedRequest[] = [];
  let scenario: StandInScenario = initial;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? '', path, headers: { ...req.headers }, body });
    const match = req.method === 'POST' ? GENERATE.exec(path) : null;
    if (!match) {
      // Nothing else is part of a conversation (nor is a proxied `http://elsewhere/…`): a 404 in Google's shape
      // lets the CLI carry on without it.
      sendError(res, 404, `Method not found: ${req.method} ${path}`);
      return;
    }
    await play(scenario, match[1] ?? 'unknown', match[2] === 'streamGenerateContent', req, res);
  }

  // The stand-in is also the CLI's proxy (see `env`): a tunnel to any other host is recorded, then refused.
  const { port, url, close } = await startStandInServer(requests, handle);
  return {
    url,
    port,
    requests,
    get scenario() {
      return scenario;
    },
    set scenario(next) {
      scenario = next;
    },
    env: () => ({
      // Read by the CLI's content generator (and by @google/genai): every model call goes to this base.
      // Without a login the base URL goes too: with one, the CLI would pick its `gateway` auth type and refuse that
      // instead of saying no auth method is set. Empty keys mask any the machine's environment has.
      ...(NO_LOGIN
        ? { GEMINI_API_KEY: '', GOOGLE_API_KEY: '' }
        : { GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: GEMINI_PLACEHOLDER_KEY }),
      GEMINI_CLI_HOME: cliHome,
      // A safety net and a witness: any request the CLI would make elsewhere goes through the stand-in as its proxy
      // (its fetch honours these through undici's EnvHttpProxyAgent), is recorded and refused; loopback goes direct.
      HTTPS_PROXY: url,
      HTTP_PROXY: url,
      https_proxy: url,
      http_proxy: url,
      NO_PROXY: '127.0.0.1,localhost',
      no_proxy: '127.0.0.1,localhost',
    }),
    close: async () => {
      await close();
      rmSync(cliHome, { recursive: true, force: true });
    },
  } satisfies StandIn;
};

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
  const error = { code: status, message, status: statusName(status), ...(status === 429 ? QUOTA_DETAILS : {}) };
  res.end(JSON.stringify({ error }, null, 2));
}

/**
 * The details the Gemini API puts on a 429 when a daily quota is spent (a QuotaFailure naming a per-day quota, and
 * when to retry). Gemini CLI reads them: a per-day quota is final, so it reports at once instead of retrying for
 * minutes as it does for a bare 429.
 */
const QUOTA_DETAILS = {
  details: [
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [
        {
          quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
          quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
          quotaDimensions: { location: 'global', model: 'test-model' },
          quotaValue: '250',
        },
      ],
    },
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '41s' },
  ],
};

/**
 * What Google answers a signed-in Gemini CLI user (Code Assist, `cloudcode-pa.googleapis.com`) whose quota for the
 * model is spent: a 429 `RESOURCE_EXHAUSTED` whose message states the wait ("Your quota will reset after 2h52m39s."),
 * an ErrorInfo with the reason `QUOTA_EXHAUSTED` and a RetryInfo with the same wait in seconds. Gemini CLI classifies an
 * error by its body, whichever way it signed in (its `classifyGoogleError`), so the stand-in sends it on its API-key
 * route: it does not play Google sign-in.
 */
function quotaExhausted(model: string, resetsAt: number) {
  const wait = Math.max(0, resetsAt - Date.now() / 1000);
  const whole = Math.round(wait);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return {
    error: {
      code: 429,
      message: `You have exhausted your capacity on this model. Your quota will reset after ${h}h${m}m${s}s.`,
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'QUOTA_EXHAUSTED',
          domain: 'cloudcode-pa.googleapis.com',
          metadata: { uiMessage: 'true', model },
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${wait.toFixed(3)}s` },
      ],
    },
  };
}

/** One GenerateContentResponse as the API streams it; `usage` only on the last. */
function responseChunk(model: string, text: string, finish?: string, usage?: { input: number; output: number }) {
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        ...(finish ? { finishReason: finish } : {}),
        index: 0,
      },
    ],
    ...(usage
      ? {
          usageMetadata: {
            promptTokenCount: usage.input,
            candidatesTokenCount: usage.output,
            totalTokenCount: usage.input + usage.output,
            promptTokensDetails: [{ modality: 'TEXT', tokenCount: usage.input }],
          },
        }
      : {}),
    modelVersion: model,
    responseId: 'stand-in-response',
  };
}

async function play(
  scenario: StandInScenario,
  model: string,
  streamed: boolean,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const left = new AbortController();
  res.on('close', () => left.abort());
  if (scenario.kind === 'error') {
    sendError(res, scenario.status, scenario.message);
    return;
  }
  if (scenario.kind === 'usageLimit') {
    res.writeHead(429, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(quotaExhausted(model, scenario.resetsAt), null, 2));
    return;
  }
  if (!streamed) {
    // A unary call (side work such as a summary): one whole response, never a scenario's failure.
    const text = scenario.chunks.join('');
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(responseChunk(model, text, 'STOP', { input: 1, output: 1 })));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const chunks = scenario.chunks;
  for (const [i, text] of chunks.entries()) {
    if (i > 0 && !(await pause(5, left.signal))) return;
    const last = scenario.kind === 'reply' && i === chunks.length - 1;
    const usage = last ? { input: scenario.usage.inputTokens, output: scenario.usage.outputTokens } : undefined;
    res.write(`data: ${JSON.stringify(responseChunk(model, text, last ? 'STOP' : undefined, usage))}\r\n\r\n`);
  }
  switch (scenario.kind) {
    case 'reply':
      res.end();
      return;
    case 'stall':
      await pause(Number.POSITIVE_INFINITY, left.signal);
      return;
    case 'drop':
      // Give the written events a moment to leave, then break the connection without a proper end.
      await pause(20, left.signal);
      req.socket.destroy();
      return;
  }
}
