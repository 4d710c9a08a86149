import type { ChatError } from '../../llm/types';
import { type CliDialect, signedOutError } from '../dialect';
import { usageLimitCode } from '../usageLimit';

// How Claude Code's failures are read: a missing login, a limit (the API's, or the subscriber's window with its
// reset), an HTTP error, or anything else; each as the `ChatError` a reply ends with.

/** The longest piece of the CLI's own words kept in an error message. */
const MAX_WORDS = 500;

/** What the CLI said about a failed request: its words, its error class (`rate_limit`…), and the HTTP status. */
export interface Failure {
  words: string;
  error?: string;
  status?: number;
  /** When the subscriber's limit that rejected the request resets (ms since the epoch), from its `rate_limit_event`. */
  resetAt?: number;
}

/** The CLI's error classes that mean the login, not the request, is at fault. */
const ACCOUNT_ERRORS = new Set(['authentication_failed', 'oauth_org_not_allowed', 'account_on_hold']);
/** Its classes for a limit reached: the API's rate limit, or the subscription's usage limit. */
const LIMIT_ERRORS = new Set(['rate_limit', 'billing_error']);

/** Claude Code's own wording when it has no usable login (from its sources and from runs with no credentials). */
export const SIGNED_OUT =
  /not logged in|run \/login|failed to authenticate|invalid api key|invalid auth token|oauth token (?:has expired|revoked)|login expired|authentication required|claude auth login/i;

/** A failure as a `ChatError`: a missing login, a limit, an HTTP error from the API, or anything else. */
export function classifyFailure({ words, error, status, resetAt }: Failure, dialect: CliDialect): ChatError {
  const bounded = words.length > MAX_WORDS ? `${words.slice(0, MAX_WORDS)}…` : words;
  const withStatus = status === undefined ? {} : { status };
  if (SIGNED_OUT.test(words) || (error !== undefined && ACCOUNT_ERRORS.has(error))) {
    if (status === undefined || status === 401 || SIGNED_OUT.test(words)) {
      return { ...signedOutError(dialect, bounded), ...withStatus };
    }
    return { kind: 'account', ...withStatus, message: `Claude Code's login was refused: ${bounded}` };
  }
  const usageWords = usageLimitCode(words);
  if (status === 429 || (error !== undefined && LIMIT_ERRORS.has(error)) || resetAt !== undefined || usageWords.code) {
    // A rejection by the subscriber's window (its event gave the reset) is the plan's usage limit.
    const usage = resetAt === undefined ? usageWords : { code: 'usage_limit_reached' as const, resetAt };
    return { kind: 'rate-limit', ...usage, ...withStatus, message: `Claude Code hit a limit: ${bounded}` };
  }
  if (status !== undefined) return { kind: 'http', status, message: `Claude Code's request failed: ${bounded}` };
  return { kind: 'stream', message: `Claude Code's reply failed: ${bounded}` };
}
