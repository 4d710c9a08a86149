import type { DisposableStore, Logger, Orchestrator } from '@roundtable/core';
import * as vscode from 'vscode';
import { threadTools } from './threads/loadThreadTools';
import type { ChatSession } from './webview/ChatSession';
import type { HostUi } from './webview/hostActions';

/**
 * The thread commands of one chat view: the palette's act on the view used last, the sidebar's and the editor
 * tab's title-bar buttons on their own view (a title-bar click does not tell which view it came from, so each place
 * has its own command ids, hidden from the palette). New Thread runs here; the rest load the thread tools' bundle.
 */
export function registerThreadCommands(
  store: DisposableStore,
  prefix: string,
  view: () => ChatSession | undefined,
  ui: HostUi,
  logger: Logger,
  orchestrator: Orchestrator,
  storageRoot: string,
): void {
  const register = (id: string, run: (session: ChatSession) => Promise<void>) =>
    store.add(
      vscode.commands.registerCommand(id, async () => {
        const session = view();
        if (session) await run(session);
      }),
    );
  const deps = { orchestrator, logger, storageRoot };
  register(`${prefix}.newThread`, async (session) => {
    const result = await session.controller.newThread();
    if (!result.ok) ui.showWarning(result.reason);
  });
  // Thread History (the title bar's) and Switch Thread (the palette's) are the same searching picker.
  register(`${prefix}.showThreads`, (session) => threadTools().switchThread(session, deps));
  if (prefix !== 'roundtable') return;
  register('roundtable.switchThread', (session) => threadTools().switchThread(session, deps));
  register('roundtable.renameThread', (session) => threadTools().renameThread(session, deps));
  register('roundtable.deleteThread', (session) => threadTools().deleteThread(session, deps));
  register('roundtable.exportThread', (session) => threadTools().exportThread(session, deps));
  register('roundtable.importThread', (session) => threadTools().importThread(session, deps));
}
