import type { WebviewToHost } from '@roundtable/core/protocol';
import { HostMessageDispatcher, type Warn } from './HostMessageDispatcher';
import { type HostTransport, toUiState, type UiState, type UiStateStore } from './HostTransport';

/** The object VS Code injects into webviews. `acquireVsCodeApi()` may be called only once per page. */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare global {
  /** Present only inside a VS Code webview. */
  var acquireVsCodeApi: (() => VsCodeApi) | undefined;
}

/**
 * `HostTransport` over the VS Code webview API. Exactly one `message` listener on the window, attached on
 * the first subscription and removed with the last, feeds the shared validating dispatcher.
 *
 * No origin check: the only window that holds a reference to this page is VS Code's host frame (the page
 * renders no iframes and opens no windows), and every message is schema-validated anyway.
 */
export class VsCodeHostTransport implements HostTransport {
  private readonly dispatcher: HostMessageDispatcher;
  private readonly handleEvent = (event: MessageEvent) => this.dispatcher.receive(event.data);

  constructor(
    private readonly api: VsCodeApi,
    private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
    warn?: Warn,
  ) {
    this.dispatcher = new HostMessageDispatcher(warn);
  }

  post(message: WebviewToHost): void {
    this.api.postMessage(message);
  }

  onMessage(listener: Parameters<HostTransport['onMessage']>[0]): () => void {
    if (this.dispatcher.size === 0) {
      this.target.addEventListener('message', this.handleEvent);
    }
    const remove = this.dispatcher.add(listener);
    return () => {
      remove();
      if (this.dispatcher.size === 0) {
        this.target.removeEventListener('message', this.handleEvent);
      }
    };
  }
}

/** `UiStateStore` over `vscode.getState/setState`, which VS Code keeps while the view is hidden. */
export class VsCodeUiStateStore implements UiStateStore {
  constructor(private readonly api: VsCodeApi) {}

  load(): UiState {
    return toUiState(this.api.getState());
  }

  save(state: UiState): void {
    this.api.setState(state);
  }
}
