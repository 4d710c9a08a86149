import type { DisposableStore } from '@roundtable/core/base/lifecycle';
import type { Orchestrator } from '@roundtable/core/orchestrator/Orchestrator';
import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';
import type { ChatSession } from './webview/ChatSession';
import type { HostUi } from './webview/hostActions';

/** Switching, renaming, deleting, exporting and importing threads: loaded by the first of them. */
const threadTools = () => import('./threads/threadTools');

/**
 * The thread commands of one chat view: the palette's act on the view used last, the sidebar's and the editor
 * tab's title-bar buttons on their own view (a title-bar click does not tell which view it came from, so each place
 * has its own command ids, hidden from the palette). New Thread runs here; the rest load the thread tools' code.
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
  register(`${prefix}.showThreads`, async (session) => (await threadTools()).switchThread(session, deps));
  if (prefix !== 'roundtable') return;
  register('roundtable.switchThread', async (session) => (await threadTools()).switchThread(session, deps));
  register('roundtable.renameThread', async (session) => (await threadTools()).renameThread(session, deps));
  register('roundtable.deleteThread', async (session) => (await threadTools()).deleteThread(session, deps));
  register('roundtable.exportThread', async (session) => (await threadTools()).exportThread(session, deps));
  register('roundtable.importThread', async (session) => (await threadTools()).importThread(session, deps));
}
