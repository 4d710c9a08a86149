import { type SidecarStatus, type seatlessTable, sidecarTone } from '@roundtable/core/protocol';
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

/** Why no seat can answer while the proxy is up (`seatlessTable`): the pill says so instead of "connected". */
export type Seatless = ReturnType<typeof seatlessTable>;

/**
 * What the table can do: the proxy's state, or, while the proxy is up, that no seat can answer (amber, with
 * `data-seatless`). A button: it opens the host's actions for the proxy (check, restart, sign in, log). In a narrow
 * panel only its dot shows (StatusPill.css), so the dot's shape says the tone as well as its colour. `data-state` is
 * the proxy's state, `data-ok` whether the pill is green.
 */
export function StatusPill({
  status,
  seatless,
  onActivate,
}: {
  status: SidecarStatus;
  seatless?: Seatless;
  onActivate: () => void;
}) {
  const kind = seatless ? 'pending' : sidecarTone(status);
  return (
    <button
      type="button"
      class={`status-pill status-pill--${kind}`}
      data-testid="sidecar-status"
      data-ok={String(kind === 'ok')}
      data-state={status.state}
      data-seatless={seatless}
      title={status.detail}
      aria-live="polite"
      onClick={onActivate}
    >
      {/* Drawn, not a glyph: its colour and shape come from StatusPill.css (fill and stroke). */}
      <svg class="status-dot" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
        {kind === 'error' ? <rect x="1" y="1" width="8" height="8" /> : <circle cx="5" cy="5" r="4" />}
      </svg>
      <span class="status-label">
        {seatless ? `No seat can answer ${seatless === 'paused' ? 'now' : 'yet: sign in'}` : label(status)}
      </span>
      <span class="visually-hidden">: {status.detail}</span>
    </button>
  );
}
