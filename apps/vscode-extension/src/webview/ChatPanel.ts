import { Disposable } from '@roundtable/core/base/lifecycle';
import * as vscode from 'vscode';
import type { ChatSession } from './ChatSession';
import { type ChatRoots, mountChat } from './mountChat';

/**
 * The same chat in an editor tab, for wide screens (`roundtable.open`), with its own current thread. One panel
 * at most; opening again reveals it. Closing it ends its session (a reply it started keeps running).
 */
export class ChatPanelManager extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private current: ChatSession | undefined;

  constructor(
    private readonly roots: ChatRoots,
    private readonly createSession: () => ChatSession,
  ) {
    super();
    this._register({ dispose: () => this.panel?.dispose() });
  }

  /** The open panel's chat, if a panel is open. */
  session(): ChatSession | undefined {
    return this.current;
  }

  show(): void {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel('roundtable.panel', 'Roundtable', vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    panel.iconPath = vscode.Uri.joinPath(this.roots.extensionUri, 'media', 'roundtable.svg');
    const session = this.createSession();
    mountChat(panel.webview, this.roots, session, 'editor');
    const visibility = panel.onDidChangeViewState(() => {
      if (!panel.visible) session.markHidden();
    });
    panel.onDidDispose(() => {
      visibility.dispose();
      session.dispose();
      this.panel = undefined;
      this.current = undefined;
    });
    this.panel = panel;
    this.current = session;
  }
}
