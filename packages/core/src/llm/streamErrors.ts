import { describeErrorBody } from './describeErrorBody';
import { formatMilliseconds, formatSeconds } from './formatDuration';
import type { ChatError } from './types';

// The errors the streaming client reports, in words a user can act on. Each says what happened and, where there is
// one, what to do; provider text is kept as it came.

/** The first error of a request whose retry met the proxy's pause after that very failure. */
export function withCoolingNote(first: ChatError, model: string): ChatError {
  return {
    ...first,
    message: `${first.message} CLIProxyAPI now pauses ${model} for about a minute after a failure, so a retry right away cannot work; try again in a minute.`,
  };
}

/** A cooling 503 soon after an earlier request for the model failed: the pause, not a missing login. */
export function coolingAfterEarlierFailure(model: string, sinceMs: number): ChatError {
  const left = Math.max(5, 60 - Math.round(sinceMs / 1000));
  return {
    kind: 'rate-limit',
    code: 'auth_unavailable',
    status: 503,
    retryAfterSeconds: left,
    message: `CLIProxyAPI is pausing ${model} for about a minute after its last failure (${formatMilliseconds(sinceMs)} ago). Try again in about ${formatSeconds(left)}.`,
  };
}

export function notAnEventStream(response: Response, bodyText: string): ChatError {
  if (/^\s*\{[\s\S]*"error"/.test(bodyText)) return describeErrorBody(response.status, bodyText, response.headers);
  const contentType = response.headers.get('content-type') ?? 'no Content-Type';
  const excerpt = bodyText.length > 200 ? `${bodyText.slice(0, 200)}…` : bodyText;
  return {
    kind: 'stream',
    status: response.status,
    message: `CLIProxyAPI answered HTTP ${response.status} with ${contentType} instead of an event stream${excerpt ? `: ${excerpt}` : '.'}`,
  };
}

export function firstByteTimeout(ms: number): ChatError {
  return {
    kind: 'timeout',
    message: `CLIProxyAPI sent nothing within ${formatMilliseconds(ms)} of the request; the request was stopped.`,
  };
}

export function stallTimeout(ms: number): ChatError {
  return {
    kind: 'timeout',
    message: `CLIProxyAPI sent nothing for ${formatMilliseconds(ms)} in the middle of the reply; the stream was stopped.`,
  };
}

export function unreachable(baseUrl: string, cause: unknown): ChatError {
  return {
    kind: 'network',
    message: `Cannot reach CLIProxyAPI at ${baseUrl} (${describeCause(cause)}). Check that the proxy is running and that the URL is right.`,
  };
}

export function brokenStream(cause: unknown): ChatError {
  return {
    kind: 'stream',
    message: `The connection to CLIProxyAPI broke during the reply (${describeCause(cause)}); the reply is incomplete.`,
  };
}

export function endedWithoutDone(finishReason: string | null): ChatError {
  const last = finishReason ? ` (the last chunk said finish_reason “${finishReason}”)` : '';
  return {
    kind: 'stream',
    message: `The stream from CLIProxyAPI ended without [DONE]${last}; the reply may be incomplete.`,
  };
}

/**
 * A clean end (`[DONE]`) with no text and no output tokens: nothing was answered. Some providers behind the proxy
 * answer a spent quota or a refused request like that, so it is a failure the user can see, not an empty reply.
 */
export function emptyReply(finishReason: string | null): ChatError {
  const said = finishReason ? ` (finish_reason “${finishReason}”)` : '';
  return {
    kind: 'stream',
    message: `The model answered with nothing: no text and no tokens${said}. The provider may have refused the request without saying why (a spent quota often looks like this); try again later, or check the provider's status.`,
  };
}

/** The most specific reason in a fetch error chain, e.g. undici's `fetch failed` → `connect ECONNREFUSED …`. */
export function describeCause(cause: unknown): string {
  let current: unknown = cause;
  let best = 'unknown error';
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (current.message) best = current.message;
    else if (typeof code === 'string') best = code;
    current = current.cause;
  }
  return best;
}
