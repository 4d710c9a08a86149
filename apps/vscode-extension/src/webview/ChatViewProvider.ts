import { Disposable, MutableDisposable } from '@roundtable/core/base/lifecycle';
import type * as vscode from 'vscode';
import type { ChatSession } from './ChatSession';
import { type ChatRoots, mountChat } from './mountChat';

export const CHAT_VIEW_ID = 'roundtable.chat';

/**
 * The activity-bar view. Its page is not kept alive while hidden (that costs memory); when it is shown again
 * VS Code re-creates the page, which sends `view/ready` and gets the full state of the thread this view showed.
 * The session (and so the view's thread) lives as long as the extension.
 */
export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider {
  private readonly viewListeners = this._register(new MutableDisposable<vscode.Disposable>());

  constructor(
    private readonly roots: ChatRoots,
    private readonly session: ChatSession,
  ) {
    super();
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    mountChat(view.webview, this.roots, this.session, 'sidebar');
    const visibility = view.onDidChangeVisibility(() => {
      if (!view.visible) this.session.markHidden();
    });
    const disposal = view.onDidDispose(() => this.session.markHidden());
    this.viewListeners.value = {
      dispose: () => {
        visibility.dispose();
        disposal.dispose();
      },
    };
  }
}
