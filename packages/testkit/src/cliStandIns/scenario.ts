/**
 * What a loopback stand-in of a provider's API does with the next request (each stand-in speaks its provider's own
 * wire format: Anthropic Messages, OpenAI Responses, Gemini's generateContent):
 * - `reply`: streams `chunks` as text deltas, then the usage and a clean end;
 * - `error`: answers `status` with the provider's error body carrying `message`;
 * - `stall`: sends the response's head and `chunks`, then nothing until the client goes away;
 * - `drop`: sends `chunks`, then destroys the connection mid-stream;
 * - `usageLimit`: answers the way the provider answers a subscriber whose plan's usage limit is spent, stating that it
 *   resets at `resetsAt` (seconds since the epoch) in the provider's own form: Anthropic's 429 with the unified
 *   rate-limit headers, the ChatGPT backend's 429 `usage_limit_reached`, Google's 429 `RESOURCE_EXHAUSTED` with a
 *   `QUOTA_EXHAUSTED` reason and a RetryInfo (each stand-in says exactly what it sends).
 */
export type StandInScenario =
  | { kind: 'reply'; chunks: string[]; usage: { inputTokens: number; outputTokens: number } }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'stall'; chunks: string[] }
  | { kind: 'drop'; chunks: string[] }
  | { kind: 'usageLimit'; resetsAt: number };

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/messages?beta=true`. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A running stand-in on 127.0.0.1. */
export interface StandIn {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  readonly port: number;
  /** Every request received, in order (the CLI may make more than the one that carries the prompt). */
  readonly requests: RecordedRequest[];
  /**
   * When the stand-in is the CLI's HTTPS proxy and answers for the provider itself: the `host:port` tunnels that are
   * the provider (a CLI that cannot be pointed elsewhere asks for them). A tunnel to any other host is traffic to
   * somewhere else. Empty when the CLI is pointed at the stand-in directly.
   */
  readonly providerTunnels?: readonly string[];
  /** What the next prompt-carrying request gets; may be changed between runs. */
  scenario: StandInScenario;
  /**
   * The variables that point the real CLI at this stand-in and give it a placeholder key (tests only: the product
   * sets none of them, a user's CLI reaches its provider with the user's own login).
   */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** Each stand-in module (`<kind>StandIn.ts` in this folder) exports this. */
export type StartStandIn = (scenario: StandInScenario) => Promise<StandIn>;
