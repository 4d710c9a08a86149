import type { HostToWebview, WebviewToHost } from '@roundtable/core/protocol';
import { HostMessageDispatcher, type Warn } from './HostMessageDispatcher';
import { EMPTY_UI_STATE, type HostTransport, type UiState, type UiStateStore } from './HostTransport';

/**
 * In-memory `HostTransport` for tests: records what the webview posts and lets a test play the host.
 * `emit` takes raw data and runs it through the same validating dispatcher as the real adapter.
 */
export class FakeHostTransport implements HostTransport {
  readonly posted: WebviewToHost[] = [];
  private readonly dispatcher: HostMessageDispatcher;

  constructor(warn?: Warn) {
    this.dispatcher = new HostMessageDispatcher(warn);
  }

  post(message: WebviewToHost): void {
    this.posted.push(message);
  }

  onMessage(listener: (message: HostToWebview) => void): () => void {
    return this.dispatcher.add(listener);
  }

  /** Delivers a message as if the host had posted it. Typed loosely on purpose: tests send invalid data. */
  emit(raw: unknown): void {
    this.dispatcher.receive(raw);
  }

  get listenerCount(): number {
    return this.dispatcher.size;
  }

  /** The types of everything posted so far, in order. */
  postedTypes(): string[] {
    return this.posted.map((message) => message.type);
  }
}

/** In-memory `UiStateStore` for tests. */
export class MemoryUiStateStore implements UiStateStore {
  constructor(public state: UiState = EMPTY_UI_STATE) {}

  load(): UiState {
    return this.state;
  }

  save(state: UiState): void {
    this.state = state;
  }
}
