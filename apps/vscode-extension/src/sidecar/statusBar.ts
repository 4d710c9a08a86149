import { type SeatMap, type SidecarStatus, seatlessTable } from '@roundtable/core/protocol/proxyStatus';
import type { StatusSource } from '@roundtable/core/views/viewPorts';
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
