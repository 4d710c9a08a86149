import { type SidecarStatus, sidecarTone } from '@roundtable/core/protocol';
import './StatusPill.css';

/** The pill's few words for each state; the detail (reason, address) is in the tooltip and for screen readers. */
function label(status: SidecarStatus): string {
  switch (status.state) {
    case 'checking':
      return 'Checking proxy…';
    case 'downloading':
      return status.totalBytes
        ? `Downloading proxy… ${Math.floor((100 * status.receivedBytes) / status.totalBytes)}%`
        : 'Downloading proxy…';
    case 'verifying':
      return 'Verifying proxy…';
    case 'starting':
      return 'Starting proxy…';
    case 'healthy':
      return 'Proxy connected';
    case 'unhealthy':
      return 'Proxy unavailable';
    case 'backoff':
      return 'Proxy restarting…';
    case 'stopped':
      return 'Proxy stopped';
    case 'failed':
      return 'Proxy failed';
  }
}

/**
 * The proxy's state. A button: it opens the host's actions for the proxy (check, restart, sign in, log). In a narrow
 * panel only its dot shows (StatusPill.css), so the dot's shape says the tone as well as its colour.
 */
export function StatusPill({ status, onActivate }: { status: SidecarStatus; onActivate: () => void }) {
  const kind = sidecarTone(status);
  return (
    <button
      type="button"
      class={`status-pill status-pill--${kind}`}
      data-testid="sidecar-status"
      data-ok={String(kind === 'ok')}
      data-state={status.state}
      title={status.detail}
      aria-live="polite"
      onClick={onActivate}
    >
      <span class="status-dot" aria-hidden="true" />
      <span class="status-label">{label(status)}</span>
      <span class="visually-hidden">: {status.detail}</span>
    </button>
  );
}
