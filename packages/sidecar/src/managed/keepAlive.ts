import type { FetchLike } from '@roundtable/core';

/**
 * Pings the proxy's `/keep-alive` with its launch password: undefined when it answered as ours, otherwise why not.
 * Every ping also resets the proxy's own 10 s watchdog, so whoever pings keeps it alive.
 */
export async function pingKeepAlive(
  url: string,
  password: string,
  fetchImpl: FetchLike = fetch,
): Promise<string | undefined> {
  try {
    const response = await fetchImpl(`${url}/keep-alive`, {
      headers: { Authorization: `Bearer ${password}` },
      signal: AbortSignal.timeout(2_000),
    });
    await response.body?.cancel();
    return response.ok ? undefined : `CLIProxyAPI answered its keep-alive with HTTP ${response.status}.`;
  } catch (error) {
    return `CLIProxyAPI did not answer its keep-alive (${error instanceof Error ? error.message : String(error)}).`;
  }
}
