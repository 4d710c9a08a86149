// What asking a server for its model list (`GET {base}/models`) can meet, in words: shared by the providers' health
// check and Add a Local Model Server, and small, so neither carries the other's code.

/**
 * Why a model list could not be had at all, as a sentence: nothing listening at `listening`, no answer from `asked`
 * in time, or the network's own reason. Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a bad port)
 * is in `cause`.
 */
export function unreachable(error: unknown, where: { listening: string; asked: string; timeoutMs: number }): string {
  const { name, message, cause } = error as Error & { cause?: { code?: unknown; message?: unknown } };
  if (cause?.code === 'ECONNREFUSED') return `nothing is listening at ${where.listening}`;
  if (name === 'TimeoutError') return `${where.asked} did not answer within ${where.timeoutMs / 1000} s`;
  return `${where.asked} cannot be reached (${String(cause?.code ?? cause?.message ?? message)})`;
}

/** The JSON of a body, or undefined when it is none. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
