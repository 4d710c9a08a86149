import type { SidecarStatus } from '@roundtable/core/protocol';

/**
 * The proxy's health: green when it answers, amber while it starts or is checked, red with the reason (in the
 * tooltip and for screen readers) when it does not. A button: it opens the host's actions for the proxy.
 */
export function StatusPill({ status, onActivate }: { status: SidecarStatus; onActivate: () => void }) {
  const kind = status.pending ? 'pending' : status.ok ? 'ok' : 'error';
  const text = { pending: 'Checking proxy…', ok: 'Proxy connected', error: 'Proxy unavailable' }[kind];
  return (
    <button
      type="button"
      class={`status-pill status-pill--${kind}`}
      data-testid="sidecar-status"
      data-ok={String(status.ok)}
      title={status.detail}
      aria-live="polite"
      onClick={onActivate}
    >
      <span class="status-dot" aria-hidden="true" />
      {text}
      <span class="visually-hidden">: {status.detail}</span>
    </button>
  );
}
