import type { SidecarStatus } from '@roundtable/core/protocol/proxyStatus';
import * as vscode from 'vscode';

/** An action the pill offers besides the proxy's: one per CLI provider (sign in, or why it cannot be used). */
export interface ExtraAction extends vscode.QuickPickItem {
  run: () => Promise<unknown>;
}

/**
 * What the status bar item and the pill offer: the actions that can change the proxy's state, then `extra` (the CLI
 * providers, each with its version, or why it cannot be used). Loaded with the thread tools: none of it runs at
 * activation.
 */
export async function pickSidecarAction(
  status: SidecarStatus,
  managed: boolean,
  extra: () => Promise<ExtraAction[]> = async () => [],
): Promise<void> {
  const actions: (vscode.QuickPickItem & { command?: string; run?: () => Promise<unknown> })[] = [
    ...(managed ? [] : [{ label: '$(refresh) Check Again', command: 'roundtable.sidecar.check' }]),
    ...(managed ? [{ label: '$(debug-restart) Restart CLIProxyAPI', command: 'roundtable.sidecar.restart' }] : []),
    { label: '$(account) Sign In to a Subscription', command: 'roundtable.sidecar.login' },
    { label: '$(output) Show Log', command: 'roundtable.showLog' },
    { label: '$(info) Show Diagnostics', command: 'roundtable.showDiagnostics' },
    ...(await extra()),
  ];
  const pick = await vscode.window.showQuickPick(actions, { title: `CLIProxyAPI: ${status.detail}` });
  if (pick?.run) await pick.run();
  else if (pick?.command) await vscode.commands.executeCommand(pick.command);
}
