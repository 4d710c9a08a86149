import type { SidecarStatus } from '@roundtable/core/protocol';

/** The proxy's health: green when it answers, red with the reason (in the tooltip) when it does not. */
export function StatusPill({ status }: { status: SidecarStatus }) {
  const kind = status.pending ? 'pending' : status.ok ? 'ok' : 'error';
  const text = { pending: 'Checking proxy…', ok: 'Proxy connected', error: 'Proxy unavailable' }[kind];
  return (
    <span
      class={`status-pill status-pill--${kind}`}
      data-testid="sidecar-status"
      data-ok={String(status.ok)}
      role="status"
      title={status.detail}
    >
      <span class="status-dot" aria-hidden="true" />
      {text}
      <span class="visually-hidden">: {status.detail}</span>
    </span>
  );
}
