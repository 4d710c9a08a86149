import type { FetchLike } from '@roundtable/core/ports';

/**
 * The cheapest call of the proxy's management API (`GET /v0/management/debug`, `{"debug":false}`), which answers 200
 * only to this launch's management secret: so it says both that the proxy answers and that it is ours, not another
 * server on the port. (The pinned release's `/keep-alive` would do the same without touching the management API, but
 * it exists only with `-password` on the command line, where other local accounts can read it; see
 * docs/cliproxyapi-behaviour.md.)
 */
export const OWN_PROXY_PATH = '/v0/management/debug';

/** Undefined when the proxy at `url` answered as ours, otherwise why not. */
export async function pingOwnProxy(
  url: string,
  password: string,
  fetchImpl: FetchLike = fetch,
): Promise<string | undefined> {
  try {
    const response = await fetchImpl(`${url}${OWN_PROXY_PATH}`, {
      headers: { Authorization: `Bearer ${password}` },
      signal: AbortSignal.timeout(2_000),
    });
    await response.body?.cancel();
    return response.ok ? undefined : `CLIProxyAPI answered its check with HTTP ${response.status}.`;
  } catch (error) {
    return `CLIProxyAPI did not answer its check (${error instanceof Error ? error.message : String(error)}).`;
  }
}
