import { Disposable } from '@roundtable/core';
import * as vscode from 'vscode';
import { type ChatMountContext, mountChat } from './mountChat';

/** The same chat in an editor tab, for wide screens (`roundtable.open`). One panel at most; opening again reveals it. */
export class ChatPanelManager extends Disposable {
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly context: ChatMountContext) {
    super();
    this._register({ dispose: () => this.panel?.dispose() });
  }

  show(): void {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel('roundtable.panel', 'Roundtable', vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'roundtable.svg');
    const session = mountChat(panel.webview, this.context);
    const visibility = panel.onDidChangeViewState(() => {
      if (!panel.visible) session.markHidden();
    });
    panel.onDidDispose(() => {
      visibility.dispose();
      session.dispose();
      this.panel = undefined;
    });
    this.panel = panel;
  }
}
