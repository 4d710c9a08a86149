import type { DisposableStore, Logger } from '@roundtable/core';
import * as vscode from 'vscode';
import { threadPicks } from './threadPicks';
import type { ChatSession } from './webview/ChatSession';
import type { HostUi } from './webview/hostActions';

/**
 * New Thread and Thread History, for one chat view: the palette's commands act on the view used last, the sidebar's
 * and the editor tab's title-bar buttons on their own view (a title-bar click does not tell which view it came from,
 * so each place has its own command ids, hidden from the palette).
 */
export function registerThreadCommands(
  store: DisposableStore,
  prefix: string,
  view: () => ChatSession | undefined,
  ui: HostUi,
  logger: Logger,
): void {
  store.add(
    vscode.commands.registerCommand(`${prefix}.newThread`, async () => {
      const session = view();
      if (!session) return;
      const result = await session.controller.newThread();
      if (!result.ok) ui.showWarning(result.reason);
    }),
  );
  store.add(
    vscode.commands.registerCommand(`${prefix}.showThreads`, async () => {
      const session = view();
      if (!session) return;
      const { entries, shown } = await session.controller.threads();
      const picked = await vscode.window.showQuickPick(threadPicks(entries, shown, Date.now()), {
        title: 'Roundtable: Thread History',
        placeHolder: 'Type to search thread titles',
        matchOnDescription: true,
      });
      if (!picked) return;
      if (picked.unreadable) {
        ui.showWarning(`“${picked.entry.title}” cannot be read: ${picked.unreadable}`);
        return;
      }
      const result = await session.controller.openThread(picked.entry.id);
      if (!result.ok) {
        logger.info(`Opening thread ${picked.entry.id} failed: ${result.reason}`);
        ui.showWarning(result.reason);
      }
    }),
  );
}
