import * as vscode from 'vscode';

type ProxyMode = 'managed' | 'external';

/** The two ways to reach CLIProxyAPI, in short: the picker is one line wide. */
const PROXY_MODES: readonly { mode: ProxyMode; label: string; detail: string }[] = [
  {
    mode: 'managed',
    label: 'Managed',
    detail: 'Roundtable downloads it (after asking), checks it and runs it for all windows.',
  },
  {
    mode: 'external',
    label: 'External',
    detail: 'One you run yourself, at roundtable.sidecar.externalUrl (or 127.0.0.1:8317).',
  },
];

/**
 * `roundtable.chooseProxyMode` (the walkthrough's first step): sets `roundtable.sidecar.mode` in the user's settings,
 * the only place it is read from.
 */
export async function chooseProxyMode(): Promise<void> {
  const config = vscode.workspace.getConfiguration('roundtable');
  const current = config.get<ProxyMode>('sidecar.mode') ?? 'managed';
  const picked = await vscode.window.showQuickPick(
    PROXY_MODES.map((m) => ({ ...m, ...(m.mode === current ? { description: 'current' } : {}) })),
    { title: 'Roundtable: how to reach CLIProxyAPI' },
  );
  if (!picked) return;
  // A change of mode takes a window reload; the configuration listener offers it, as for a hand edit.
  if (picked.mode !== current) await config.update('sidecar.mode', picked.mode, vscode.ConfigurationTarget.Global);
}
