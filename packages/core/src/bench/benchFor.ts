import type { ChatError } from '../llm/types';
import type { CoolingCause } from '../protocol/proxyStatus';
import { resetFromWords } from './resetWords';

/**
 * How long CLIProxyAPI pauses a model after a failure (its default cooling, about a minute): the time a 503
 * `auth_unavailable` benches a seat for, since that answer states none.
 */
export const PROXY_PAUSE_MS = 60_000;

/** The longest reason kept on a benched seat (the seat map's limit). */
const MAX_REASON = 2000;

/** A seat left out of turns until `until` (ms since the epoch), why, and in what words. */
export interface Bench {
  until: number;
  cause: CoolingCause;
  /** The failure's own message, for the seat's tooltip. */
  reason: string;
}

/**
 * Whether a failed reply benches its seat, and until when: a limit (`rate-limit`) that states when it ends (a moment,
 * a wait, or the CLI's own words), or the proxy's `auth_unavailable` (for its usual pause). A limit that states no
 * time benches nothing: the seat stays at the table, and the next message to it gets the provider's answer again
 * (the proxy answers a paused model at once, with its time). Pure: `now` and `timeZone` are the caller's.
 */
export function benchFor(error: ChatError, now: number, timeZone?: string): Bench | undefined {
  if (error.kind !== 'rate-limit' && error.code !== 'auth_unavailable') return undefined;
  const until =
    error.resetAt ??
    (error.retryAfterSeconds === undefined ? undefined : now + error.retryAfterSeconds * 1000) ??
    (error.kind === 'rate-limit' ? resetFromWords(error.message, now, timeZone) : undefined) ??
    (error.code === 'auth_unavailable' ? now + PROXY_PAUSE_MS : undefined);
  if (until === undefined || !Number.isFinite(until) || until <= now) return undefined;
  const reason = error.message.length > MAX_REASON ? `${error.message.slice(0, MAX_REASON - 1)}…` : error.message;
  return { until, cause: causeOf(error), reason };
}

function causeOf(error: ChatError): CoolingCause {
  if (error.code === 'model_cooldown' || error.code === 'usage_limit_reached') return 'usage-limit';
  if (error.code === 'auth_unavailable') return 'paused';
  return 'rate-limit';
}
