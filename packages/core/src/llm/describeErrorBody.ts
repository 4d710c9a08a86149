import { contextOverflow } from './contextOverflow';
import {
  googleRetryDelay,
  isRecord,
  numberField,
  parseGoDuration,
  parseJsonObject,
  parseRetryAfter,
  stringField,
} from './errorBodyFields';
import { formatSeconds } from './formatDuration';
import type { ChatError, ChatErrorKind } from './types';

/** The one method of `Headers` the classifier reads, so callers can pass a `Headers` or a stub. */
export interface HeadersLike {
  get(name: string): string | null;
}

const SET_KEY_HINT =
  "Run the command “Roundtable: Set Proxy Access Key” and enter one of the keys in the proxy's `api-keys` list.";

/** Longest provider text kept in a message; bodies can be whole HTML pages. */
const MAX_TEXT = 400;

/**
 * Turns an HTTP error that CLIProxyAPI returned before the stream started into one message a person can act on.
 * The proxy sends many shapes (docs/cliproxyapi-behaviour.md): its own string `error` (401 key check), the OpenAI
 * object wrapper, upstream bodies verbatim (Anthropic, Google, Codex), `model_cooldown` without `type`, and gin's
 * plain-text 404. Every branch keeps the provider's own words.
 */
export function describeErrorBody(status: number, bodyText: string, headers: HeadersLike): ChatError {
  const headerRetry = parseRetryAfter(headers.get('retry-after'));
  const payload = parseJsonObject(bodyText);
  const error = payload
    ? classify(readFacts(payload), { status, headerRetry })
    : describeTextBody(status, bodyText, headerRetry);
  return { ...error, status };
}

/**
 * The same classification for an error chunk that arrived inside the stream (`data: {"error":…}`): the kind is
 * `stream` unless the shape itself says rate limit or account.
 */
export function describeStreamErrorPayload(payload: Record<string, unknown>): ChatError {
  const facts = readFacts(payload);
  // The proxy's own words when the provider's connection closed mid-reply (a Go io.ErrUnexpectedEOF).
  if (facts.text === 'unexpected EOF') {
    return {
      kind: 'stream',
      message:
        "The provider's connection dropped in the middle of the reply (“unexpected EOF”); the reply is incomplete. Retry to get the rest.",
    };
  }
  return classify(facts, { status: undefined, headerRetry: undefined });
}

/** True for the 503 CLIProxyAPI answers while every account for a model is unavailable: no login, or cooling. */
export function isAuthUnavailable(status: number, bodyText: string): boolean {
  return status === 503 && /"auth_unavailable/.test(bodyText);
}

/** What every body shape has in common once unwrapped. */
interface ErrorFacts {
  /** The provider's (or proxy's) own words. */
  text: string;
  /** `error` was a plain string: only CLIProxyAPI's own middleware answers like that. */
  stringError: boolean;
  type: string | undefined;
  code: string | undefined;
  /** Google's `error.status`, e.g. `RESOURCE_EXHAUSTED`. */
  googleStatus: string | undefined;
  /** A reset hint in the body: `reset_seconds`, Codex `resets_in_seconds`, Google `RetryInfo.retryDelay`. */
  bodyRetry: number | undefined;
  resetTime: string | undefined;
  /** Codex's `resets_at`: the moment its usage limit ends, in seconds since the epoch. */
  resetsAt?: number | undefined;
  /** A context overflow's sizes, in tokens, when the server gives them (llama.cpp's `n_prompt_tokens`, `n_ctx`). */
  promptTokens?: number | undefined;
  contextTokens?: number | undefined;
}

interface Context {
  /** Undefined for an error chunk inside the stream. */
  status: number | undefined;
  headerRetry: number | undefined;
}

function readFacts(payload: Record<string, unknown>): ErrorFacts {
  const error = payload.error;
  if (typeof error === 'string') {
    const extra = stringField(payload, 'message');
    return {
      ...emptyFacts(extra ? `${error}: ${extra}` : error),
      stringError: true,
      code: error,
    };
  }
  if (isRecord(error)) {
    return {
      ...emptyFacts(stringField(error, 'message') ?? JSON.stringify(error)),
      type: stringField(error, 'type'),
      code: stringField(error, 'code'),
      googleStatus: stringField(error, 'status'),
      bodyRetry:
        numberField(error, 'reset_seconds') ??
        numberField(error, 'resets_in_seconds') ??
        googleRetryDelay(error) ??
        parseGoDuration(stringField(error, 'reset_time')),
      resetTime: stringField(error, 'reset_time'),
      resetsAt: numberField(error, 'resets_at'),
      promptTokens: numberField(error, 'n_prompt_tokens'),
      contextTokens: numberField(error, 'n_ctx'),
    };
  }
  return emptyFacts(stringField(payload, 'message') ?? stringField(payload, 'detail') ?? JSON.stringify(payload));
}

function emptyFacts(text: string): ErrorFacts {
  return {
    text: clip(text),
    stringError: false,
    type: undefined,
    code: undefined,
    googleStatus: undefined,
    bodyRetry: undefined,
    resetTime: undefined,
  };
}

/** First matching rule wins; the order matters (e.g. cooldown before the generic 429). */
function classify(facts: ErrorFacts, context: Context): ChatError {
  const { text, type, code, googleStatus } = facts;
  const status = context.status;
  const retryAfterSeconds = context.headerRetry ?? facts.bodyRetry;

  if (facts.stringError && (status === 401 || text === 'Missing API key' || text === 'Invalid API key')) {
    const what =
      text === 'Missing API key'
        ? 'CLIProxyAPI wants an access key and Roundtable sent none'
        : "CLIProxyAPI rejected Roundtable's access key";
    return { kind: 'proxy-auth', message: `${what} (“${text}”). ${SET_KEY_HINT}` };
  }
  if (code === 'unsafe_example_api_key') {
    return {
      kind: 'proxy-auth',
      message:
        `CLIProxyAPI refuses every request because its config.yaml still lists the example api-keys (${text}). ` +
        'Replace them with a random key of your own, restart the proxy, then enter that key with the command ' +
        '“Roundtable: Set Proxy Access Key”.',
    };
  }
  if (code === 'model_cooldown') {
    const when = retryAfterSeconds !== undefined ? formatSeconds(retryAfterSeconds) : facts.resetTime;
    return withRetry(
      {
        kind: 'rate-limit',
        code: 'model_cooldown',
        message: `CLIProxyAPI is holding this model back: ${sentence(text)}${when ? ` Try again in ${when}.` : tryAgain(text, undefined)}`,
      },
      retryAfterSeconds,
    );
  }
  if (text.startsWith('auth_unavailable')) {
    const providers = /providers=([^;,)]+)/.exec(text)?.[1]?.trim();
    const who = providers ? `log in to ${providers} in CLIProxyAPI` : 'log in to that provider in CLIProxyAPI';
    return {
      kind: 'account',
      code: 'auth_unavailable',
      message: `CLIProxyAPI has no usable account for this model (${text}). To fix it, ${who}, or wait if the account is cooling down.`,
    };
  }
  if (type === 'usage_limit_reached' || code === 'usage_limit_reached') {
    const resetAt = facts.resetsAt === undefined ? {} : { resetAt: facts.resetsAt * 1000 };
    return withRetry(
      {
        kind: 'rate-limit',
        code: 'usage_limit_reached',
        ...resetAt,
        message: `The provider account has reached its usage limit: ${sentence(text)}${tryAgain(text, retryAfterSeconds)}`,
      },
      retryAfterSeconds,
    );
  }
  if (
    googleStatus === 'RESOURCE_EXHAUSTED' ||
    type === 'rate_limit_error' ||
    code === 'rate_limit_exceeded' ||
    status === 429
  ) {
    return withRetry(
      {
        kind: 'rate-limit',
        message: `The provider is rate-limiting this account: ${sentence(text)}${tryAgain(text, retryAfterSeconds)}`,
      },
      retryAfterSeconds,
    );
  }
  if (
    type === 'authentication_error' ||
    code === 'invalid_api_key' ||
    googleStatus === 'UNAUTHENTICATED' ||
    status === 401
  ) {
    return {
      kind: 'account',
      message:
        `The provider login behind CLIProxyAPI was rejected: ${sentence(text)} ` +
        "Log in to that provider again in CLIProxyAPI; Roundtable's access key itself was accepted.",
    };
  }
  if (type === 'permission_error' || googleStatus === 'PERMISSION_DENIED' || status === 403) {
    return {
      kind: 'account',
      message:
        `The provider account behind CLIProxyAPI may not do this: ${sentence(text)} ` +
        "Check that account's plan, or log in with another account in CLIProxyAPI.",
    };
  }
  const overflow = contextOverflow(facts, status);
  if (overflow) return overflow;
  if (code === 'model_not_found' || text.startsWith('unknown provider for model')) {
    return {
      kind: status === undefined ? 'stream' : 'http',
      message:
        `CLIProxyAPI cannot serve this model: ${sentence(text)} ` +
        'Pick a model the proxy lists, or log in to the provider that offers it.',
    };
  }
  return { kind: fallbackKind(status), message: fallbackMessage(status, text) };
}

function describeTextBody(status: number, bodyText: string, headerRetry: number | undefined): ChatError {
  const text = clip(bodyText.trim());
  if (status === 404) {
    return {
      kind: 'http',
      message: `CLIProxyAPI has no such endpoint (HTTP 404${text ? `: ${text}` : ''}). Check that the proxy URL ends in /v1.`,
    };
  }
  if (status === 429) {
    return withRetry(
      {
        kind: 'rate-limit',
        message: `The provider is rate-limiting this account${text ? `: ${sentence(text)}` : '.'}${tryAgain(text, headerRetry)}`,
      },
      headerRetry,
    );
  }
  return { kind: fallbackKind(status), message: fallbackMessage(status, text) };
}

function fallbackKind(status: number | undefined): ChatErrorKind {
  if (status === undefined) return 'stream';
  return 'http';
}

function fallbackMessage(status: number | undefined, text: string): string {
  const detail = text ? `: ${sentence(text)}` : ' without details.';
  if (status === undefined) return `The reply stream failed${detail}`;
  if (status >= 500) return `CLIProxyAPI failed with HTTP ${status}${detail}`;
  return `CLIProxyAPI rejected the request with HTTP ${status}${detail}`;
}

function withRetry(error: ChatError, retryAfterSeconds: number | undefined): ChatError {
  return retryAfterSeconds === undefined ? error : { ...error, retryAfterSeconds };
}

/**
 * The sentence that says when to try again, with its leading space: the time when one is known; otherwise "Try
 * again later." unless the provider's own text already says so (no sentence twice).
 */
function tryAgain(text: string, seconds: number | undefined): string {
  if (seconds !== undefined) return ` Try again in ${formatSeconds(seconds)}.`;
  return /try again/i.test(text) ? '' : ' Try again later.';
}

/** Ends the provider's text with punctuation so the sentence that follows reads well. */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}
