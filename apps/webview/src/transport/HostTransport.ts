import type { HostToWebview, WebviewToHost } from '@roundtable/core/protocol';

/**
 * The webview's only link to the extension host. Implementations validate every incoming message against
 * `HostToWebview` before a listener sees it, so listeners receive parsed data and never a cast.
 */
export interface HostTransport {
  post(message: WebviewToHost): void;
  /** Registers a listener for valid host messages; the returned function removes it. */
  onMessage(listener: (message: HostToWebview) => void): () => void;
}

/**
 * Ephemeral UI state that must survive the view being hidden and shown again (VS Code destroys a hidden
 * webview unless `retainContextWhenHidden`, which we do not rely on). Never holds conversation state: that
 * belongs to the host.
 */
export interface UiState {
  draft: string;
  /** The Stances toggle, on for the message being written (kept only while on). */
  stances?: true;
}

/** Where `UiState` is kept between webview lifetimes. */
export interface UiStateStore {
  load(): UiState;
  save(state: UiState): void;
}

export const EMPTY_UI_STATE: UiState = { draft: '' };

/** Reads a stored value defensively: it was written by an older build or may be missing. */
export function toUiState(raw: unknown): UiState {
  if (typeof raw === 'object' && raw !== null && 'draft' in raw && typeof raw.draft === 'string') {
    return 'stances' in raw && raw.stances === true ? { draft: raw.draft, stances: true } : { draft: raw.draft };
  }
  return EMPTY_UI_STATE;
}
