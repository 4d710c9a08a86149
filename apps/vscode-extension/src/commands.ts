import type { DisposableStore } from '@roundtable/core/base/lifecycle';
import type { Orchestrator } from '@roundtable/core/orchestrator/Orchestrator';
import type { Logger } from '@roundtable/core/ports';
import { MAX_CONTEXT_BLOCK_CHARS } from '@roundtable/core/protocol/pendingContext';
import type { ContextBlock } from '@roundtable/core/transcript/schema';
import * as vscode from 'vscode';
import type { SecretAccessKeyStore } from './adapters/SecretAccessKeyStore';
import { registerThreadCommands } from './threadCommands';
import type { ChatPanelManager } from './webview/ChatPanel';
import type { ChatSession } from './webview/ChatSession';
import type { HostUi } from './webview/hostActions';

export interface CommandDeps {
  panels: ChatPanelManager;
  /** The chat view the user used last (the sidebar until another is used). */
  activeView: () => ChatSession;
  /** The sidebar's chat view. */
  sidebar: () => ChatSession;
  accessKeys: SecretAccessKeyStore;
  ui: HostUi;
  logger: Logger;
  /** For the thread tools (rename, delete, export, import, search). */
  orchestrator: Orchestrator;
  /** Roundtable's storage folder (threads and their images), for the thread tools. */
  storageRoot: string;
  /** Managed mode: restart the proxy; external mode: check it again. */
  restartSidecar: () => Promise<void>;
  signIn: () => Promise<void>;
  /** External mode: check the proxy now. */
  checkSidecar: () => Promise<void>;
  showSidecarActions: () => Promise<void>;
  showDiagnostics: () => void;
  showLog: () => void;
  /** What "Add Selection to Chat" adds from the editor with the focus; undefined when no text editor has it. */
  editorSelection: () => Promise<ContextBlock[] | undefined>;
}

/** Each command parses its input, calls one thing, and shows the result. */
export function registerCommands(store: DisposableStore, deps: CommandDeps): void {
  const register = (id: string, run: (...args: never[]) => unknown) =>
    store.add(vscode.commands.registerCommand(id, run));

  register('roundtable.open', () => deps.panels.show());

  register('roundtable.setProxyAccessKey', async () =>
    (await import('./commandPickers')).askProxyAccessKey(deps.accessKeys, deps.logger, deps.ui),
  );

  register('roundtable.clearProxyAccessKey', async () => {
    await deps.accessKeys.clear();
    deps.logger.info('Proxy access key cleared.');
    deps.ui.showInfo('Roundtable no longer sends an access key to CLIProxyAPI.');
  });

  register('roundtable.sidecar.restart', async () => {
    deps.logger.info('Restarting CLIProxyAPI, as asked.');
    await deps.restartSidecar();
  });

  register('roundtable.chooseProxyMode', async () => (await import('./sidecar/chooseProxyMode')).chooseProxyMode());
  register('roundtable.addLocalModelServer', async () =>
    (await import('./localServers/addLocalModelServer')).addLocalModelServer(deps.logger),
  );
  register('roundtable.sidecar.login', () => deps.signIn());
  register('roundtable.seatClaudeCode', async () =>
    (await import('./claude/seatClaudeCode')).seatClaudeCode(deps.logger),
  );
  register('roundtable.sidecar.check', () => deps.checkSidecar());
  register('roundtable.sidecar.actions', () => deps.showSidecarActions());
  register('roundtable.showDiagnostics', () => deps.showDiagnostics());
  register('roundtable.showLog', () => deps.showLog());

  const { ui, logger, orchestrator, storageRoot } = deps;
  registerThreadCommands(store, 'roundtable', deps.activeView, ui, logger, orchestrator, storageRoot);
  registerThreadCommands(store, 'roundtable.chat', deps.sidebar, ui, logger, orchestrator, storageRoot);
  registerThreadCommands(store, 'roundtable.panel', () => deps.panels.session(), ui, logger, orchestrator, storageRoot);

  // Focus the view used last and its message box (the page focuses it when it is ready, if it was not).
  const focusComposer = async () => {
    const session = deps.activeView();
    if (session === deps.panels.session()) deps.panels.show();
    else await vscode.commands.executeCommand('roundtable.chat.focus');
    session.controller.focusComposer();
    return session;
  };
  register('roundtable.focusComposer', focusComposer);

  register('roundtable.setDiscussionMode', async () =>
    (await import('./commandPickers')).pickDiscussionMode(deps.activeView().controller.threadId, orchestrator, deps.ui),
  );

  // Context goes to the view used last as chips, and the keyboard follows it there.
  const addToComposer = async (blocks: readonly ContextBlock[]) => {
    const session = await focusComposer();
    for (const block of blocks) {
      const added = session.controller.context.add(block);
      if (!added.ok) return deps.ui.showWarning(added.reason);
    }
  };
  register('roundtable.addSelectionToChat', async () => {
    const blocks = await deps.editorSelection();
    if (!blocks)
      return deps.ui.showWarning('Roundtable: put the cursor in a text editor, select some code, and add it again.');
    await addToComposer(blocks);
  });
  // The file right-clicked in the Explorer, or one picked from the workspace.
  register('roundtable.addFileToChat', async (uri?: vscode.Uri) => {
    const { pickFileContext } = await import('./adapters/pickFileContext');
    const picked = await pickFileContext(uri instanceof vscode.Uri ? uri : undefined);
    if (picked?.ok) await addToComposer([picked.block]);
    else if (picked) deps.ui.showWarning(`Roundtable: ${picked.reason}`);
  });
  // Each picker says itself why it adds nothing (no Git, no changes, no problems).
  const addPicked = async (picked: Promise<ContextBlock | undefined>) => {
    const block = await picked;
    if (block) await addToComposer([block]);
  };
  register('roundtable.addChangesToChat', async () =>
    addPicked((await import('./adapters/pickChangesContext')).pickChangesContext(MAX_CONTEXT_BLOCK_CHARS)),
  );
  register('roundtable.addProblemsToChat', async () =>
    addPicked((await import('./adapters/pickProblemsContext')).pickProblemsContext(MAX_CONTEXT_BLOCK_CHARS)),
  );
}
