import { type ErrorScenario, fakeErrors } from './errorScenarios';

/** How a streamed reply is written; every streaming scenario accepts these. */
export interface ReplyOptions {
  /** The reply text. Default: `buildEchoReply(model, messages)`. Empty: no content and zero tokens, finish `stop`. */
  text?: string;
  /** Default `stop`. Gemini reports truncation as `max_tokens`, Claude and Codex as `length`. */
  finishReason?: string;
  /** Pause between chunks. Default: the proxy's `chunkDelayMs`. */
  chunkDelayMs?: number;
  /** Send `: keep-alive` comment lines every `keepAliveMs` during each pause between chunks (at least one per pause). */
  keepAliveMs?: number;
  /** Usage moves off the content chunks into a trailing `choices: []` chunk (openai-compat upstreams). */
  usageOnlyChunk?: boolean;
  /**
   * Each event holding a multi-byte UTF-8 character is written in two TCP writes that split that character.
   * When the text is pure ASCII, a line with multi-byte characters is appended so there is something to split.
   */
  splitUtf8?: boolean;
}

/** A normal streamed reply (or a `chat.completion` object when the request did not ask to stream). */
export interface ReplyScenario extends ReplyOptions {
  kind: 'reply';
}

/**
 * A 5xx before the stream (default 500). With cooling on (the proxy's default) the retry meets the cooling 503; with
 * `coolingMs: 0`, whatever follows in the queue, or the default reply, serves the retry.
 */
export interface FlakyScenario {
  kind: 'flaky';
  status?: number;
}

/** Nothing for `delayMs` before the first body byte; then the reply as usual. */
export interface SlowFirstByteScenario extends ReplyOptions {
  kind: 'slow-first-byte';
  delayMs: number;
  /** Send the 200 and its SSE headers at once and only then go silent. Default false, as the real proxy does. */
  headersFirst?: boolean;
}

/** Writes `afterChunks` chunks (default 2), then goes silent for `ms` (default: until the client leaves), then goes on. */
export interface StallScenario extends ReplyOptions {
  kind: 'stall';
  afterChunks?: number;
  ms?: number;
}

/** Writes `afterChunks` chunks (default 2), then `data: <error>` and closes without `[DONE]`, as the proxy does. */
export interface MidStreamErrorScenario extends ReplyOptions {
  kind: 'mid-stream-error';
  afterChunks?: number;
  /** Default: an Anthropic `overloaded_error` in the proxy's wrapper. */
  error?: Record<string, unknown>;
  /**
   * Whether the model then cools down (503 `auth_unavailable` for a while). Default true: the real proxy does so
   * after a provider's error chunk, but not after the provider's socket dropped (`unexpected EOF`).
   */
  coolsDown?: boolean;
}

/** Writes `afterChunks` chunks (default: all of them, finish chunk included) and closes without `[DONE]`. */
export interface NoDoneScenario extends ReplyOptions {
  kind: 'no-done';
  afterChunks?: number;
}

/** Writes the given status, headers and bytes verbatim, one write per chunk: for replaying recorded fixtures. */
export interface RawScenario {
  kind: 'raw';
  status: number;
  headers?: Record<string, string>;
  chunks: (string | Uint8Array)[];
  /** Pause between writes, so each chunk reaches the client as its own read. Default 5. */
  chunkDelayMs?: number;
  /** Keep the connection open after the last chunk until the client leaves (a silent first byte or a stall). */
  holdOpen?: boolean;
}

/**
 * What the fake proxy does with one `POST /v1/chat/completions`; see `FakeProxy.enqueue` and `[[fake:…]]` markers.
 * `error`, `flaky` and `raw` answer every request alike. The streaming faults (`stall`, `mid-stream-error`,
 * `no-done`) need `stream: true`; a non-streaming request gets the plain `chat.completion` instead (after the
 * delay, for `slow-first-byte`).
 */
export type Scenario =
  | ReplyScenario
  | ErrorScenario
  | FlakyScenario
  | SlowFirstByteScenario
  | StallScenario
  | MidStreamErrorScenario
  | NoDoneScenario
  | RawScenario;

export const DEFAULT_MID_STREAM_ERROR: Record<string, unknown> = {
  error: { message: 'Overloaded', type: 'overloaded_error' },
};

const MARKER = /\[\[fake:([a-z0-9-]+)(?::([^\]]*))?\]\]/;

export interface Marker {
  name: string;
  arg: string | undefined;
}

/** Finds `[[fake:<name>]]` or `[[fake:<name>:<arg>]]` in a message, e.g. `[[fake:stall:3]]`. */
export function findMarker(text: string): Marker | undefined {
  const match = MARKER.exec(text);
  return match?.[1] ? { name: match[1], arg: match[2] } : undefined;
}

/**
 * The scenario a marker in the last user message asks for, so a separate process (the end-to-end suite, a person
 * at the demo proxy) can trigger every fault by typing. `arg` is a number where noted. Undefined for an unknown
 * marker name.
 */
export const markerScenarios: Record<string, (model: string, arg: number | undefined) => Scenario> = {
  'missing-access-key': () => fakeErrors.missingAccessKey(),
  'wrong-access-key': () => fakeErrors.wrongAccessKey(),
  'example-access-keys': () => fakeErrors.exampleAccessKeys(),
  'openai-error': () => fakeErrors.openAiError(),
  'anthropic-rate-limit': () => fakeErrors.anthropicRateLimit(),
  'google-resource-exhausted': () => fakeErrors.googleResourceExhausted(),
  /** arg: seconds until the cooldown ends (default 90). */
  'model-cooldown': (model, arg) => fakeErrors.modelCooldown(model, arg ?? 90),
  'auth-unavailable': (model) => fakeErrors.authUnavailable(model),
  /** arg: seconds until the plan limit resets. */
  'usage-limit-reached': (_model, arg) => fakeErrors.codexUsageLimit(arg ?? 12_345),
  'upstream-auth': () => fakeErrors.upstreamAuth(),
  'model-not-found': (model) => fakeErrors.modelNotFound(model),
  'not-found': () => fakeErrors.notFound(),
  /** A 5xx every time: the client's single retry fails too. arg: the status. */
  'server-error': (_model, arg) => fakeErrors.serverError(arg ?? 500),
  /** A 5xx the first time, success when the same request is retried. arg: the status. */
  flaky: (_model, arg) => ({ kind: 'flaky', status: arg ?? 500 }),
  /** arg: milliseconds of silence after the headers (default 60 000, longer than any client limit). */
  'slow-first-byte': (_model, arg) => ({ kind: 'slow-first-byte', delayMs: arg ?? 60_000 }),
  /** arg: chunks before the silence (default 2); silent until the client leaves. */
  stall: (_model, arg) => ({ kind: 'stall', afterChunks: arg ?? 2 }),
  /** arg: chunks before the error chunk (default 2). */
  'mid-stream-error': (_model, arg) => ({ kind: 'mid-stream-error', afterChunks: arg ?? 2 }),
  'no-done': () => ({ kind: 'no-done' }),
  /** arg: keep-alive interval in ms (default 5). */
  'keep-alive': (_model, arg) => ({ kind: 'reply', keepAliveMs: arg ?? 5 }),
  'usage-only-chunk': () => ({ kind: 'reply', usageOnlyChunk: true }),
  'split-utf8': () => ({ kind: 'reply', splitUtf8: true }),
  /** Truncated reply: finish_reason `max_tokens` (Gemini style) or `length`. */
  'max-tokens': (model) => ({ kind: 'reply', finishReason: model.startsWith('gemini-') ? 'max_tokens' : 'length' }),
};

export function scenarioForMarker(marker: Marker, model: string): Scenario | undefined {
  const make = Object.hasOwn(markerScenarios, marker.name) ? markerScenarios[marker.name] : undefined;
  if (!make) return undefined;
  const arg = marker.arg !== undefined && /^\d+$/.test(marker.arg) ? Number(marker.arg) : undefined;
  return make(model, arg);
}
