import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';
import type { HostUi } from '../webview/hostActions';
import { insertAtCursor } from './lastTextEditor';
import { gateNotices } from './noticeGate';
import type { PromptDocuments } from './promptDocuments';

/** The VS Code calls behind the host's actions (`HostUi`), for the editor used last and the prompt documents. */
export function vscodeHostUi(
  logger: Logger,
  lastEditor: () => vscode.TextEditor | undefined,
  prompts: PromptDocuments,
): HostUi {
  // One gate for both kinds: a burst of either is what must not become a wall of pop-ups.
  const notice = gateNotices<'warning' | 'info'>((text, kind) => {
    if (kind === 'warning') void vscode.window.showWarningMessage(text);
    else void vscode.window.showInformationMessage(text);
  });
  const gated = (kind: 'warning' | 'info') => (message: string) => {
    if (!notice(message, kind)) logger.info(`Notice not shown (too many at once): ${message}`);
  };
  return {
    showWarning: gated('warning'),
    showInfo: gated('info'),
    openExternal: (url) => Promise.resolve(vscode.env.openExternal(vscode.Uri.parse(url, true))),
    revealFile: async (path) => {
      await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(path));
    },
    insertAtCursor: (code) => insertAtCursor(lastEditor(), code),
    openUntitled: async (content, language) => {
      const document = await vscode.workspace.openTextDocument({ content, ...(language ? { language } : {}) });
      await vscode.window.showTextDocument(document);
    },
    languages: () => Promise.resolve(vscode.languages.getLanguages()),
    showDocument: (document) => prompts.show(document),
    compareDocuments: (left, right) => prompts.compare(left, right),
    openSettings: async (query) => {
      await vscode.commands.executeCommand('workbench.action.openSettings', query);
    },
    pick: async (title, labels) => {
      const items = labels.map((label, index) => ({ label, index }));
      return (await vscode.window.showQuickPick(items, { title }))?.index;
    },
  };
}
