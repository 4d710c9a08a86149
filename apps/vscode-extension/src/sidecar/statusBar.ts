import type { StatusSource } from '@roundtable/core';
import { type SeatMap, type SidecarStatus, seatlessTable } from '@roundtable/core/protocol';
import * as vscode from 'vscode';
import { statusBarLook } from './statusBarLook';

/** The seats, and who could be asked now, so the item can say when no seat can answer (as the pill does). */
export interface StatusBarSeats {
  seats: StatusSource<SeatMap>;
  routable: () => readonly string[];
}

/**
 * The proxy's health in the status bar, visible whether or not the chat is open: a check when it answers and a seat
 * can, a spinner while starting or checking, an account icon while no seat can answer, a warning (on the warning
 * background) with the reason in the tooltip when the proxy does not answer. A click offers what can be done.
 */
export function createSidecarStatusBar(source: StatusSource<SidecarStatus>, table?: StatusBarSeats): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('roundtable.sidecar', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Roundtable: CLIProxyAPI';
  item.command = 'roundtable.sidecar.actions';
  const show = () => {
    const status = source.current;
    const seatless = table ? seatlessTable(status, table.seats.current, table.routable()) : undefined;
    const look = statusBarLook(status, seatless);
    item.text = look.text;
    item.tooltip = look.tooltip;
    item.backgroundColor = look.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  };
  show();
  const listeners = [source.onDidChange(show), ...(table ? [table.seats.onDidChange(show)] : [])];
  item.show();
  return vscode.Disposable.from(item, ...listeners);
}

/** An action the pill offers besides the proxy's: one per CLI provider (sign in, or why it cannot be used). */
export interface ExtraAction extends vscode.QuickPickItem {
  run: () => Promise<unknown>;
}

/**
 * What the status bar item and the pill offer: the actions that can change the proxy's state, then `extra` (the CLI
 * providers, each with its version, or why it cannot be used).
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
