import type { FetchLike } from '../ports';
import type { ImageRef } from '../transcript/schema';
import type { FailureMemory } from './failureMemory';
import type { StreamLimits } from './limits';
import type { UsageAsk } from './usageAsk';

/**
 * One entry of an OpenAI Chat Completions `messages` array, as Roundtable builds it: its text, and the images a user
 * message carries for a seat that reads them (named by their SHA-256; the client loads the bytes as it sends).
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  images?: readonly ImageRef[];
}

/** A part of a message's content on the wire: its text, or one image as a `data:` URL. */
export type WirePart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A message as the request body carries it: plain text, or text and image parts. */
export interface WireMessage {
  role: ChatMessage['role'];
  content: string | WirePart[];
}

/** Reads a stored image as a `data:` URL; undefined when it is gone. */
export type ImageLoader = (image: ImageRef) => Promise<string | undefined>;

export interface ChatCompletionRequest {
  /** The proxy's OpenAI-compatible base, e.g. `http://127.0.0.1:8317/v1`; the client posts to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  /**
   * CLIProxyAPI's local access key (an entry of its `api-keys` list), sent as `Authorization: Bearer`. It is a
   * key for the local proxy, never a provider's key.
   */
  accessKey?: string;
  model: string;
  messages: ChatMessage[];
  /** Reads the images the messages name; without it, every image is sent as a line saying it was left out. */
  loadImage?: ImageLoader;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Defaults: 60 s until the first byte of the body, 120 s of waiting between two data events. */
  timeouts?: { firstByteMs?: number; stallMs?: number };
  /** Wait before the single retry after a 5xx that arrived before any stream byte. Default 500 ms. */
  retryDelayMs?: number;
  /**
   * Shared by every request to this proxy: failures are noted here, and a cooling 503 soon after one is reported
   * as the pause it is. Without it, only a retry within the same request is recognised.
   */
  failures?: FailureMemory;
  /**
   * Shared by every request to this endpoint: whether it takes `stream_options.include_usage` (asked on every request
   * until it refuses the field once). Without it, a refusal is asked again without the field for this request only.
   */
  usage?: UsageAsk;
  /** The most tokens the reply may have (`max_tokens`): the seat's length limit. Absent: the server's own default. */
  maxTokens?: number;
  /** Bounds on what one reply may cost in memory; each defaults to `STREAM_LIMITS` (tests lower them). */
  limits?: Partial<StreamLimits>;
}

/**
 * What went wrong, classified so the UI can say what to do:
 * - `proxy-auth`: CLIProxyAPI refused Roundtable's access key (401 with a string `error`): set the key;
 * - `account`: the provider login behind the proxy is missing, expired or unavailable (`auth_unavailable`, upstream 401/403);
 * - `rate-limit`: 429, including `model_cooldown`; `retryAfterSeconds` when the proxy says when;
 * - `http`: any other HTTP error status before the stream started;
 * - `timeout`: no first byte in time, or the stream stalled;
 * - `stream`: the stream broke: an error chunk mid-stream, malformed data, or a close without `[DONE]`;
 * - `network`: the proxy could not be reached at all.
 */
export type ChatErrorKind = 'proxy-auth' | 'account' | 'rate-limit' | 'http' | 'timeout' | 'stream' | 'network';

/**
 * What kind of limit held a request back, when the answer names one: the proxy's `model_cooldown` (every login of the
 * model is paused for quota), a plan's usage limit (Codex's `usage_limit_reached`, a CLI's "usage limit" words), or
 * the proxy's `auth_unavailable` (no login of the model can be used now: paused after failures, or none at all).
 */
export type LimitCode = 'model_cooldown' | 'usage_limit_reached' | 'auth_unavailable';

export interface ChatError {
  kind: ChatErrorKind;
  /** Human-readable, one or two sentences, keeping the provider's own text. */
  message: string;
  status?: number;
  /** How long the provider or proxy said to wait, from when the answer came. */
  retryAfterSeconds?: number;
  /** When the limit ends (ms since the epoch), when the answer gave a moment rather than a wait. */
  resetAt?: number;
  code?: LimitCode;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * Events of one streamed completion, in order: any number of `delta`s, then either (`usage`? then `finish`) on a
 * clean `[DONE]`, or a single `error`. Nothing follows `finish` or `error`. Cancellation through the signal
 * ends the iteration by throwing the signal's reason (an `AbortError`).
 */
export type StreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'finish'; reason: string | null }
  | { type: 'error'; error: ChatError };
