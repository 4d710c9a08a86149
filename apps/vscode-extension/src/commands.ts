import type { ContextBlock, DiscussionMode, DisposableStore, Logger, Orchestrator } from '@roundtable/core';
import * as vscode from 'vscode';
import type { SecretAccessKeyStore } from './adapters/SecretAccessKeyStore';
import { chooseProxyMode } from './sidecar/chooseProxyMode';
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
  /** Managed mode: restart the proxy; external mode: check it again. */
  restartSidecar: () => Promise<void>;
  signIn: () => Promise<void>;
  /** External mode: check the proxy now. */
  checkSidecar: () => Promise<void>;
  showSidecarActions: () => Promise<void>;
  showDiagnostics: () => void;
  showLog: () => void;
  /** What "Add Selection to Chat" adds from the editor with the focus; undefined when no text editor has it. */
  editorSelection: () => ContextBlock[] | undefined;
}

/** The discussion modes as the Set Discussion Mode picker offers them. */
const DISCUSSION_MODES: readonly { mode: DiscussionMode; label: string; detail: string }[] = [
  { mode: 'discuss', label: 'Discuss', detail: 'One after another; each reads everything said before it.' },
  {
    mode: 'independent',
    label: 'Independent',
    detail: 'All at once; none reads the others’ answers. Another round then lets each revise, having read them.',
  },
  {
    mode: 'council',
    label: 'Council',
    detail: 'Independent answers, an anonymous cross-review, then the chair’s synthesis with a ledger of the claims.',
  },
];

/** Each command parses its input, calls one thing, and shows the result. */
export function registerCommands(store: DisposableStore, deps: CommandDeps): void {
  const register = (id: string, run: () => unknown) => store.add(vscode.commands.registerCommand(id, run));

  register('roundtable.open', () => deps.panels.show());

  register('roundtable.setProxyAccessKey', async () => {
    const value = await vscode.window.showInputBox({
      title: 'Roundtable: CLIProxyAPI access key',
      prompt:
        'An entry of the api-keys list in your CLIProxyAPI config.yaml: a key for your local proxy only, never a provider’s key. Kept in VS Code’s secret storage.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() === '' ? 'Enter the key, or press Escape to cancel.' : undefined),
    });
    if (value === undefined) return;
    await deps.accessKeys.set(value);
    deps.logger.info('Proxy access key updated.');
    deps.ui.showInfo('Roundtable will use the new access key for CLIProxyAPI.');
  });

  register('roundtable.clearProxyAccessKey', async () => {
    await deps.accessKeys.clear();
    deps.logger.info('Proxy access key cleared.');
    deps.ui.showInfo('Roundtable no longer sends an access key to CLIProxyAPI.');
  });

  register('roundtable.sidecar.restart', async () => {
    deps.logger.info('Restarting CLIProxyAPI, as asked.');
    await deps.restartSidecar();
  });

  register('roundtable.chooseProxyMode', () => chooseProxyMode());
  register('roundtable.sidecar.login', () => deps.signIn());
  register('roundtable.sidecar.check', () => deps.checkSidecar());
  register('roundtable.sidecar.actions', () => deps.showSidecarActions());
  register('roundtable.showDiagnostics', () => deps.showDiagnostics());
  register('roundtable.showLog', () => deps.showLog());

  const { ui, logger, orchestrator } = deps;
  registerThreadCommands(store, 'roundtable', deps.activeView, ui, logger, orchestrator);
  registerThreadCommands(store, 'roundtable.chat', deps.sidebar, ui, logger, orchestrator);
  registerThreadCommands(store, 'roundtable.panel', () => deps.panels.session(), ui, logger, orchestrator);

  // Focus the view used last and its message box (the page focuses it when it is ready, if it was not).
  const focusComposer = async () => {
    const session = deps.activeView();
    if (session === deps.panels.session()) deps.panels.show();
    else await vscode.commands.executeCommand('roundtable.chat.focus');
    session.controller.focusComposer();
    return session;
  };
  register('roundtable.focusComposer', focusComposer);

  register('roundtable.setDiscussionMode', async () => {
    const threadId = deps.activeView().controller.threadId;
    const current = threadId ? orchestrator.store.choices(threadId)?.mode : undefined;
    if (!threadId || !current) {
      deps.ui.showWarning('Roundtable: open the chat first; the mode is set for the thread it shows.');
      return;
    }
    const picked = await vscode.window.showQuickPick(
      DISCUSSION_MODES.map((m) => ({ ...m, ...(m.mode === current ? { description: 'current' } : {}) })),
      { title: 'Roundtable: how the seats take a message in this thread' },
    );
    if (!picked) return;
    const result = orchestrator.setMode(threadId, picked.mode);
    if (!result.ok) deps.ui.showWarning(result.reason);
  });

  // The selection (or the file) goes to the view used last as a chip, and the keyboard follows it there.
  register('roundtable.addSelectionToChat', async () => {
    const blocks = deps.editorSelection();
    if (!blocks) {
      deps.ui.showWarning('Roundtable: put the cursor in a text editor, select some code, and add it again.');
      return;
    }
    const session = await focusComposer();
    for (const block of blocks) {
      const added = session.controller.context.add(block);
      if (!added.ok) {
        deps.ui.showWarning(added.reason);
        return;
      }
    }
  });
}
