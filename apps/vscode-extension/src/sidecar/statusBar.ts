import type { StatusSource } from '@roundtable/core';
import { type SidecarStatus, sidecarTone } from '@roundtable/core/protocol';
import * as vscode from 'vscode';

/**
 * The proxy's health in the status bar, visible whether or not the chat is open: a check when it answers, a
 * spinner while starting or checking, a warning (on the warning background) with the reason in the tooltip when it
 * does not. A click offers what can be done about it.
 */
export function createSidecarStatusBar(source: StatusSource<SidecarStatus>): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('roundtable.sidecar', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Roundtable: CLIProxyAPI';
  item.command = 'roundtable.sidecar.actions';
  const show = (status: SidecarStatus) => {
    const tone = sidecarTone(status);
    item.text = `${{ ok: '$(check)', pending: '$(sync~spin)', error: '$(warning)' }[tone]} Roundtable`;
    item.tooltip = `CLIProxyAPI: ${status.detail}`;
    item.backgroundColor = tone === 'error' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  };
  show(source.current);
  const listener = source.onDidChange(show);
  item.show();
  return vscode.Disposable.from(item, { dispose: () => listener.dispose() });
}

/** What the status bar item and the pill offer: the actions that can change the proxy's state. */
export async function pickSidecarAction(status: SidecarStatus, managed: boolean): Promise<void> {
  const actions = [
    ...(managed ? [] : [{ label: '$(refresh) Check Again', command: 'roundtable.sidecar.check' }]),
    ...(managed ? [{ label: '$(debug-restart) Restart CLIProxyAPI', command: 'roundtable.sidecar.restart' }] : []),
    { label: '$(account) Sign In to a Subscription', command: 'roundtable.sidecar.login' },
    { label: '$(output) Show Log', command: 'roundtable.showLog' },
    { label: '$(info) Show Diagnostics', command: 'roundtable.showDiagnostics' },
  ];
  const pick = await vscode.window.showQuickPick(actions, { title: `CLIProxyAPI: ${status.detail}` });
  if (pick) await vscode.commands.executeCommand(pick.command);
}
