import { DisposableStore, type IDisposable } from '@roundtable/core/base/lifecycle';
import { systemClock } from '@roundtable/core/ports';
import type { ProxyMonitor } from '@roundtable/sidecar/ProxyMonitor';
import { RecheckSchedule } from '@roundtable/sidecar/recheckSchedule';
import * as vscode from 'vscode';
import type { ShownViews } from '../webview/ShownViews';

/**
 * Keeps the pill true for an external proxy that dies or comes back while nobody sends: rechecks on the schedule
 * (faster while a chat view is shown) and when the window gets the focus. The first check waits for a timer, so
 * activation never loads `fetch`. Loaded after the first state (`extension.ts`), like the check it schedules.
 */
export function watchExternalProxy(monitor: ProxyMonitor, shown: ShownViews): IDisposable {
  const store = new DisposableStore();
  const schedule = store.add(new RecheckSchedule({ clock: systemClock, check: () => void monitor.check() }));
  store.add(shown.onDidChange((visible) => schedule.setVisible(visible)));
  store.add(
    vscode.window.onDidChangeWindowState((state) => {
      if (state.focused) schedule.noteFocus();
    }),
  );
  schedule.setVisible(shown.any);
  schedule.start();
  return store;
}
