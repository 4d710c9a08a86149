import type { SidecarStatus } from '@roundtable/core/protocol';
import type { SharedProxyStatus } from '@roundtable/sidecar/managed';

const RESTART_HINT = 'Run “Roundtable: Restart CLIProxyAPI” to try again.';

/** The status pill's words for the managed proxy, from this window's share of it. */
export function describeSharedStatus(status: SharedProxyStatus, now = Date.now()): SidecarStatus {
  if (status.role === 'none') return { ok: false, detail: 'CLIProxyAPI is stopped.' };
  if (status.role === 'attached') {
    if (status.ok) return { ok: true, detail: `Using the CLIProxyAPI another VS Code window runs at ${status.url}.` };
    return {
      ok: false,
      detail: status.reason ?? 'Waiting for the CLIProxyAPI another window runs.',
      pending: status.url === undefined,
    };
  }
  const state = status.state;
  switch (state.state) {
    case 'idle':
    case 'starting':
      return { ok: false, detail: 'Starting CLIProxyAPI…', pending: true };
    case 'downloading':
      return { ok: false, detail: 'Downloading CLIProxyAPI…', pending: true };
    case 'verifying':
      return { ok: false, detail: 'Checking the downloaded CLIProxyAPI…', pending: true };
    case 'healthy':
      return { ok: true, detail: `Roundtable runs CLIProxyAPI at ${status.url}.` };
    case 'unhealthy':
      return { ok: false, detail: state.reason };
    case 'backoff': {
      const seconds = Math.max(1, Math.round((state.retryAt - now) / 1000));
      return { ok: false, detail: `${state.reason} Restarting it in ${seconds} s.` };
    }
    case 'stopped':
      return { ok: false, detail: state.reason ?? 'CLIProxyAPI is stopped.' };
    case 'failed':
      return { ok: false, detail: `${state.reason} ${RESTART_HINT}` };
  }
}
