import { baseModelId } from './models';

/** A pre-stream failure: a plain HTTP answer (JSON or text), which is how CLIProxyAPI fails before the first chunk. */
export interface ErrorScenario {
  kind: 'error';
  status: number;
  /**
   * An object is sent as JSON (`application/json`, as the proxy relays errors; its own 401s say `; charset=utf-8`);
   * a string as `text/plain`; an empty string as no body and no Content-Type at all (the proxy's 404).
   */
  body: string | Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The Content-Type of the proxy's own JSON answers (gin's); relayed errors say plain `application/json`. */
const GIN_JSON = 'application/json; charset=utf-8';

/** The provider channel CLIProxyAPI names in its messages for a model id. */
function providerFor(model: string): string {
  const id = baseModelId(model);
  if (id.startsWith('claude-')) return 'claude';
  if (id.startsWith('gemini-')) return 'antigravity';
  return 'codex';
}

/** Go's `time.Duration.String()` for whole seconds, as in `reset_time`: 90 → "1m30s", 3600 → "1h0m0s". */
export function goDuration(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}

/**
 * Every error body shape CLIProxyAPI sends (docs/cliproxyapi-behaviour.md), with the status and headers the real proxy sends.
 * Each returns a fresh scenario for `enqueue`; the same shapes are reachable through `[[fake:<marker>]]`.
 */
export const fakeErrors = {
  /** 401 from CLIProxyAPI's own key check: `error` is a string here. */
  missingAccessKey: (): ErrorScenario => ({
    kind: 'error',
    status: 401,
    body: { error: 'Missing API key' },
    headers: { 'Content-Type': GIN_JSON },
  }),
  wrongAccessKey: (): ErrorScenario => ({
    kind: 'error',
    status: 401,
    body: { error: 'Invalid API key' },
    headers: { 'Content-Type': GIN_JSON },
  }),
  /** 403 while config.yaml still holds the template keys `your-api-key-1/2/3` (since v7.1.46). */
  exampleAccessKeys: (): ErrorScenario => ({
    kind: 'error',
    status: 403,
    body: {
      error: 'unsafe_example_api_key',
      message:
        'api-keys still contains the example keys (your-api-key-1, your-api-key-2, your-api-key-3); replace them in config.yaml',
    },
    headers: { 'X-CPA-SAFE-MODE': 'example-api-key' },
  }),
  /** The OpenAI-style wrapper around a plain upstream text, e.g. Claude's third-party billing refusal. */
  openAiError: (): ErrorScenario => ({
    kind: 'error',
    status: 400,
    body: {
      error: {
        message: 'Third-party apps now draw from your extra usage, not your plan limits.',
        type: 'invalid_request_error',
        code: 'invalid_request_error',
      },
    },
  }),
  /** Anthropic's own body, passed through verbatim after the proxy's retries. */
  anthropicRateLimit: (): ErrorScenario => ({
    kind: 'error',
    status: 429,
    body: {
      type: 'error',
      error: {
        type: 'rate_limit_error',
        message: "This request would exceed your account's rate limit. Please try again later.",
      },
    },
  }),
  /** Google's body, passed through verbatim. */
  googleResourceExhausted: (): ErrorScenario => ({
    kind: 'error',
    status: 429,
    body: {
      error: {
        code: 429,
        message: 'Resource has been exhausted (e.g. check quota).',
        status: 'RESOURCE_EXHAUSTED',
      },
    },
  }),
  /**
   * Every credential for the model is cooling down: no `type` and a reset hint. The real proxy sends no
   * `Retry-After` with it; pass `withRetryAfter` for the header some versions sent.
   */
  modelCooldown: (model = 'claude-sonnet-4-6', seconds = 90, withRetryAfter = false): ErrorScenario => ({
    kind: 'error',
    status: 429,
    body: {
      error: {
        code: 'model_cooldown',
        message: `All credentials for model ${model} are cooling down via provider ${providerFor(model)}`,
        model,
        provider: providerFor(model),
        reset_time: goDuration(seconds),
        reset_seconds: seconds,
      },
    },
    ...(withRetryAfter ? { headers: { 'Retry-After': String(seconds) } } : {}),
  }),
  /** No logged-in (or unsuspended) account can serve the model. */
  authUnavailable: (model = 'gpt-5.5'): ErrorScenario => ({
    kind: 'error',
    status: 503,
    body: {
      error: {
        message: `auth_unavailable: no auth available (providers=${providerFor(model)}, model=${model})`,
        type: 'server_error',
        code: 'internal_server_error',
      },
    },
  }),
  /** Codex/ChatGPT plan limit, upstream body verbatim. */
  codexUsageLimit: (seconds = 12_345): ErrorScenario => ({
    kind: 'error',
    status: 429,
    body: {
      error: {
        type: 'usage_limit_reached',
        message: 'The usage limit has been reached',
        plan_type: 'plus',
        resets_at: Math.floor(Date.now() / 1000) + seconds,
        resets_in_seconds: seconds,
      },
    },
  }),
  /** The provider login failed after a refresh: looks like a bad key, but `error` is an object. */
  upstreamAuth: (): ErrorScenario => ({
    kind: 'error',
    status: 401,
    body: {
      error: {
        message: 'unauthorized: OAuth token has expired',
        type: 'authentication_error',
        code: 'invalid_api_key',
      },
    },
  }),
  /** Unknown model (v7.2.121 and later). */
  modelNotFound: (model = 'no-such-model'): ErrorScenario => ({
    kind: 'error',
    status: 400,
    body: {
      error: {
        message: `unknown provider for model ${model}`,
        type: 'invalid_request_error',
        code: 'model_not_found',
        param: 'model',
      },
    },
  }),
  /** An unregistered route: 404 with no body and no Content-Type. */
  notFound: (): ErrorScenario => ({ kind: 'error', status: 404, body: '' }),
  /** What the proxy puts in the stream when the provider's socket drops mid-reply. */
  unexpectedEof: (): Record<string, unknown> => ({
    error: { message: 'unexpected EOF', type: 'server_error', code: 'internal_server_error' },
  }),
  /**
   * An upstream 5xx, e.g. the provider token refresh that fails on the first request after a long idle (the next
   * request usually succeeds).
   */
  serverError: (status = 500): ErrorScenario => ({
    kind: 'error',
    status,
    body: {
      error: {
        message: 'Post "https://auth.openai.com/oauth/token": EOF',
        type: 'server_error',
        code: 'internal_server_error',
      },
    },
  }),
};
