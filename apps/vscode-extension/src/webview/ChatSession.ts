import { Disposable, type IDisposable, MutableDisposable } from '@roundtable/core/base/lifecycle';
import type { HostToWebview } from '@roundtable/core/protocol/hostToWebview';
import { ChatViewController } from '@roundtable/core/views/ChatViewController';
import type { ChatViewDeps } from '@roundtable/core/views/viewPorts';
import type { ShownViews } from './ShownViews';

/** The slice of `vscode.Webview` a session uses (so it runs in tests without VS Code). */
export interface WebviewEndpoint {
  postMessage(message: HostToWebview): Thenable<boolean> | Promise<boolean>;
  onDidReceiveMessage(listener: (message: unknown) => void): IDisposable;
}

/**
 * One chat view's host side: its controller (which thread it shows, what it posts) and the webview page it talks
 * to now. The page can be replaced (VS Code re-creates a view's page when it is shown again) without the view
 * losing its thread: `attach` swaps the page, which then sends `view/ready` and gets the full state.
 */
export class ChatSession extends Disposable {
  readonly controller: ChatViewController;
  private webview: WebviewEndpoint | undefined;
  private readonly listener = this._register(new MutableDisposable<IDisposable>());

  constructor(
    deps: ChatViewDeps,
    private readonly onActive: (session: ChatSession) => void = () => {},
    /**
     * Told each time this session posts a thread's full state, not its shell (start-up work waits for the window's
     * first, so it does not compete with reading the thread the user waits for).
     */
    private readonly onStatePosted: () => void = () => {},
    /** Where this session says whether its page is on screen (it paces the proxy checks). */
    private readonly shown?: ShownViews,
  ) {
    super();
    this.controller = this._register(new ChatViewController(deps, (message) => this.post(message, deps)));
    this._register({ dispose: () => shown?.set(this, false) });
  }

  attach(webview: WebviewEndpoint): void {
    this.markHidden();
    this.webview = webview;
    this.listener.value = webview.onDidReceiveMessage((raw) => {
      this.onActive(this);
      this.shown?.set(this, true);
      void this.controller.receive(raw);
    });
  }

  /** The page is gone until its next `view/ready`. */
  markHidden(): void {
    this.controller.markHidden();
    this.shown?.set(this, false);
  }

  private post(message: HostToWebview, deps: ChatViewDeps): void {
    const webview = this.webview;
    if (!webview) return;
    if (message.type === 'view/state' && !message.payload.thread.opening) this.onStatePosted();
    void Promise.resolve(webview.postMessage(message)).catch((error: unknown) =>
      deps.logger.warn(`Posting "${message.type}" to the webview failed: ${String(error)}`),
    );
  }
}
