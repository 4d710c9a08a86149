import {
  Disposable,
  describeInvalidMessage,
  type HostToWebview,
  hostMessage,
  type Logger,
  type Orchestrator,
  toDisposable,
  WebviewToHost,
} from '@roundtable/core';
import { handleIntent } from './handleIntent';
import type { HostUi } from './hostUi';

/** The slice of `vscode.Webview` a session uses (so it runs in tests without VS Code). */
export interface WebviewEndpoint {
  postMessage(message: HostToWebview): Thenable<boolean> | Promise<boolean>;
  onDidReceiveMessage(listener: (message: unknown) => void): { dispose(): void };
}

/**
 * Connects one webview (the sidebar view or an editor panel) to the orchestrator.
 *
 * Handshake: nothing is posted until the page says `ready` (a message posted before its listener exists is lost),
 * and every `ready` is answered with the full state. The page sends `ready` again whenever it is re-created (the
 * view was hidden and shown: we do not keep hidden webviews alive) or when it detects a gap in the deltas, so a
 * full state is always the recovery path. `markHidden()` stops posting to a page that no longer exists.
 */
export class ChatSession extends Disposable {
  private ready = false;

  constructor(
    private readonly webview: WebviewEndpoint,
    private readonly orchestrator: Orchestrator,
    private readonly initialized: Promise<unknown>,
    private readonly ui: HostUi,
    private readonly logger: Logger,
  ) {
    super();
    this._register(webview.onDidReceiveMessage((raw) => void this.receive(raw)));
    this._register(orchestrator.onDidChangeState((state) => this.post(hostMessage('state', state))));
    this._register(orchestrator.onDidAppendDelta((delta) => this.post(hostMessage('delta', delta))));
    this._register(toDisposable(() => (this.ready = false)));
  }

  /** The page is gone until it sends `ready` again. */
  markHidden(): void {
    this.ready = false;
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = WebviewToHost.safeParse(raw);
    if (!parsed.success) {
      this.logger.warn(`Webview: ${describeInvalidMessage(raw, parsed.error)}`);
      return;
    }
    const intent = parsed.data;
    try {
      if (intent.type === 'ready') {
        await this.initialized;
        this.ready = true;
        this.post(hostMessage('state', this.orchestrator.getState()));
        return;
      }
      await handleIntent(intent, this.orchestrator, this.ui, this.logger);
    } catch (error) {
      this.logger.error(
        `Handling "${intent.type}" failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      this.ui.showWarning(`Roundtable could not do that: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private post(message: HostToWebview): void {
    if (!this.ready || this._store.isDisposed) return;
    void Promise.resolve(this.webview.postMessage(message)).catch((error: unknown) =>
      this.logger.warn(`Posting "${message.type}" to the webview failed: ${String(error)}`),
    );
  }
}
