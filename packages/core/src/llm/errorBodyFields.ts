// What an error body's JSON holds, read defensively: every reader takes any value and answers undefined for a field
// that is missing or of another type.

/** `Retry-After` as delta-seconds; CLIProxyAPI copies it from cooldowns and never sends an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number.parseInt(value, 10);
}

/** Google puts the wait in `details[] {"@type": "…RetryInfo", "retryDelay": "30s"}`. */
export function googleRetryDelay(error: Record<string, unknown>): number | undefined {
  const details = error.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (!isRecord(detail)) continue;
    const delay = stringField(detail, 'retryDelay');
    const match = delay ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
    if (match?.[1]) return Math.ceil(Number(match[1]));
  }
  return undefined;
}

export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function numberField(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Go's `time.Duration.String()` as CLIProxyAPI writes `reset_time` ("24h0m0s", "1m30s", "45s"), in whole seconds. */
export function parseGoDuration(text: string | undefined): number | undefined {
  const match = text ? /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?$/.exec(text) : null;
  if (!match || (match[1] === undefined && match[2] === undefined && match[3] === undefined)) return undefined;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Math.ceil(Number(match[3] ?? 0));
}
