import { type SidecarStatus, type seatlessTable, sidecarTone } from '@roundtable/core/protocol/proxyStatus';

/** How the status bar item shows the table: its text (with a codicon), its tooltip, and whether it warns. */
export interface StatusBarLook {
  text: string;
  tooltip: string;
  warning: boolean;
}

/**
 * The status bar's words for what the pill shows: a check when the proxy answers and a seat can, a spinner on the
 * way up, an account icon while the proxy is up but no seat can answer (`seatless`), a warning otherwise.
 */
export function statusBarLook(status: SidecarStatus, seatless: ReturnType<typeof seatlessTable>): StatusBarLook {
  const proxy = `CLIProxyAPI: ${status.detail}`;
  if (seatless) {
    const why = seatless === 'needs-login' ? 'No seat can answer yet: sign in.' : 'No seat can answer now.';
    return { text: '$(account) Roundtable', tooltip: `${why} ${proxy}`, warning: false };
  }
  const tone = sidecarTone(status);
  const icon = { ok: '$(check)', pending: '$(sync~spin)', error: '$(warning)' }[tone];
  return { text: `${icon} Roundtable`, tooltip: proxy, warning: tone === 'error' };
}
