import { Disposable, MutableDisposable } from '@roundtable/core';
import type * as vscode from 'vscode';
import type { ChatSession } from './ChatSession';
import { type ChatMountContext, mountChat } from './mountChat';

export const CHAT_VIEW_ID = 'roundtable.chat';

/**
 * The activity-bar view. Its webview is not kept alive while hidden (that costs memory); when it is shown again
 * VS Code re-creates the page, which sends `ready` and gets the full state back.
 */
export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider {
  private readonly session = this._register(new MutableDisposable<ChatSession>());
  private readonly viewListeners = this._register(new MutableDisposable<vscode.Disposable>());

  constructor(private readonly context: ChatMountContext) {
    super();
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    const session = mountChat(view.webview, this.context);
    this.session.value = session;
    const visibility = view.onDidChangeVisibility(() => {
      if (!view.visible) session.markHidden();
    });
    const disposal = view.onDidDispose(() => {
      if (this.session.value === session) this.session.clear();
    });
    this.viewListeners.value = {
      dispose: () => {
        visibility.dispose();
        disposal.dispose();
      },
    };
  }
}
