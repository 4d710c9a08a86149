import { DisposableStore, type IDisposable, systemClock } from '@roundtable/core';
import type { ProxyMonitor } from '@roundtable/sidecar';
import * as vscode from 'vscode';
import { turns } from '../turns/loadTurns';
import type { ShownViews } from '../webview/ShownViews';

/**
 * Keeps the pill true for an external proxy that dies or comes back while nobody sends: rechecks on the schedule
 * (faster while a chat view is shown) and when the window gets the focus. The first check waits for a timer, so
 * activation never loads `fetch`. The schedule's code comes with the turns' bundle, which that check loads anyway.
 */
export function watchExternalProxy(monitor: ProxyMonitor, shown: ShownViews): IDisposable {
  const store = new DisposableStore();
  const { RecheckSchedule } = turns();
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
