import type { Orchestrator } from '@roundtable/core/orchestrator/Orchestrator';
import type { Logger } from '@roundtable/core/ports';
import type { DiscussionMode } from '@roundtable/core/transcript/plan';
import * as vscode from 'vscode';
import type { SecretAccessKeyStore } from './adapters/SecretAccessKeyStore';
import type { HostUi } from './webview/hostActions';

// What some commands ask the user, loaded when one of them first runs.

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

/** `roundtable.setProxyAccessKey`: asks for the key of a proxy the user runs, and keeps it in secret storage. */
export async function askProxyAccessKey(accessKeys: SecretAccessKeyStore, logger: Logger, ui: HostUi): Promise<void> {
  const value = await vscode.window.showInputBox({
    title: 'Roundtable: CLIProxyAPI access key',
    prompt:
      'An entry of the api-keys list in your CLIProxyAPI config.yaml: a key for your local proxy only, never a provider’s key. Kept in VS Code’s secret storage.',
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim() === '' ? 'Enter the key, or press Escape to cancel.' : undefined),
  });
  if (value === undefined) return;
  await accessKeys.set(value);
  logger.info('Proxy access key updated.');
  ui.showInfo('Roundtable will use the new access key for CLIProxyAPI.');
}

/** `roundtable.setDiscussionMode`: how the seats take a message in the thread the view used last shows. */
export async function pickDiscussionMode(
  threadId: string | undefined,
  orchestrator: Orchestrator,
  ui: HostUi,
): Promise<void> {
  const current = threadId ? orchestrator.store.choices(threadId)?.mode : undefined;
  if (!threadId || !current) {
    ui.showWarning('Roundtable: open the chat first; the mode is set for the thread it shows.');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    DISCUSSION_MODES.map((m) => ({ ...m, ...(m.mode === current ? { description: 'current' } : {}) })),
    { title: 'Roundtable: how the seats take a message in this thread' },
  );
  if (!picked) return;
  const result = orchestrator.setMode(threadId, picked.mode);
  if (!result.ok) ui.showWarning(result.reason);
}
