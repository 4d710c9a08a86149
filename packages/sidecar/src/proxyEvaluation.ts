// How the external proxy's check is made and read: its health check with the error classifier, which seats' models it
// serves, and the access key kept out of what it says. Loaded by the first check (after a window's first chat state),
// never at activation: `ProxyMonitor` holds only the status.
import { redactSecret } from '@roundtable/core/llm/redactSecret';
import type { SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import { checkProxy } from './checkProxy';
import type { ProxyMonitorDeps } from './ProxyMonitor';
import { describeUnavailableModels, findUnavailableModels } from './servedModels';

export { ServedModels, unservedSeats } from './servedModels';

export interface ProxyEvaluation {
  status: SidecarStatus;
  /** The models the proxy serves, when it answered. */
  models?: readonly string[];
  /** The proxy refused the access key (or asked for one). */
  needsAccessKey?: true;
}

/** Checks the proxy now; undefined when `signal` aborted it (a newer check superseded it). */
export async function evaluateProxy(deps: ProxyMonitorDeps, signal: AbortSignal): Promise<ProxyEvaluation | undefined> {
  let accessKey: string | undefined;
  const unhealthy = (detail: string, needsAccessKey?: true) => ({
    status: { state: 'unhealthy' as const, detail },
    ...(needsAccessKey ? { needsAccessKey } : {}),
  });
  try {
    const endpoint = await deps.endpoint();
    if (!endpoint.ok) return unhealthy(endpoint.error);
    accessKey = await deps.accessKey();
    const health = await checkProxy(
      {
        root: endpoint.root,
        ...(accessKey ? { accessKey } : {}),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      },
      signal,
    );
    const needsAccessKey = health.needsAccessKey ? (true as const) : undefined;
    if (!health.ok) return unhealthy(health.detail, needsAccessKey);
    const { models } = health;
    const asked = needsAccessKey ? { needsAccessKey } : {};
    const missing = findUnavailableModels(deps.participants(), models);
    if (missing.length === 0) return { status: { state: 'healthy', detail: health.detail }, models, ...asked };
    const list = describeUnavailableModels(missing);
    deps.logger.warn(`CLIProxyAPI does not list the model of ${list}. Available: ${models.join(', ') || 'none'}.`);
    return { status: { state: 'healthy', detail: `${health.detail} Not served now: ${list}.` }, models, ...asked };
  } catch (error) {
    if (signal.aborted) return undefined;
    const why = redactSecret(error instanceof Error ? error.message : String(error), accessKey);
    return unhealthy(`Checking CLIProxyAPI failed: ${why}`);
  }
}
