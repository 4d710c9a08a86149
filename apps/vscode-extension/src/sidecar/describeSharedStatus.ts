import type { SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import type { SharedProxyStatus } from '@roundtable/sidecar/managed/lease/SharedProxy';

const RESTART_HINT = 'Run “Roundtable: Restart CLIProxyAPI” to try again.';

/** The status pill's state and words for the managed proxy, from this window's share of it. */
export function describeSharedStatus(status: SharedProxyStatus): SidecarStatus {
  if (status.role === 'none') return { state: 'stopped', detail: 'CLIProxyAPI is stopped.' };
  if (status.role === 'attached') {
    if (status.ok)
      return { state: 'healthy', detail: `Using the CLIProxyAPI another VS Code window runs at ${status.url}.` };
    if (status.url === undefined)
      return { state: 'starting', detail: status.reason ?? 'CLIProxyAPI is starting in another window.' };
    return { state: 'unhealthy', detail: status.reason ?? 'The CLIProxyAPI another window runs does not answer.' };
  }
  const state = status.state;
  switch (state.state) {
    case 'idle':
      return { state: 'checking', detail: 'Looking for CLIProxyAPI…' };
    case 'starting':
      return { state: 'starting', detail: 'Starting CLIProxyAPI…' };
    case 'downloading':
      return {
        state: 'downloading',
        detail: 'Downloading CLIProxyAPI…',
        receivedBytes: state.receivedBytes,
        ...(state.totalBytes ? { totalBytes: state.totalBytes } : {}),
      };
    case 'verifying':
      return { state: 'verifying', detail: 'Checking the downloaded CLIProxyAPI against its pinned SHA-256…' };
    case 'healthy':
      return { state: 'healthy', detail: `Roundtable runs CLIProxyAPI at ${status.url}.` };
    case 'unhealthy':
      return { state: 'unhealthy', detail: state.reason };
    case 'backoff':
      return { state: 'backoff', detail: `${state.reason} Roundtable restarts it shortly.`, retryAt: state.retryAt };
    case 'stopped':
      return { state: 'stopped', detail: state.reason ?? 'CLIProxyAPI is stopped.' };
    case 'failed':
      return { state: 'failed', detail: `${state.reason} ${RESTART_HINT}` };
  }
}
