import { PROTOCOL_VERSION } from './common';
import type { HostMessageType, HostPayload, HostToWebview } from './hostToWebview';
import type { WebviewIntent, WebviewToHost } from './webviewToHost';

// Builders of protocol messages: plain functions with no schema in them, so importing them costs no validation code.

type PayloadOf<U extends { type: string; payload: unknown }, T extends U['type']> = Extract<U, { type: T }>['payload'];

/** Builds a host->webview message. */
export function hostMessage<T extends HostMessageType>(
  type: T,
  seq: number,
  threadId: string,
  payload: HostPayload<T>,
): HostToWebview {
  return { v: PROTOCOL_VERSION, seq, threadId, type, payload } as HostToWebview;
}

/** Builds a webview->host intent. */
export function webviewIntent<T extends WebviewIntent['type']>(
  type: T,
  requestId: string,
  payload: PayloadOf<WebviewIntent, T>,
): WebviewToHost {
  return { v: PROTOCOL_VERSION, type, requestId, payload } as WebviewToHost;
}

/** Builds `view/ready` or `view/resync`. */
export function viewSignal(type: 'view/ready' | 'view/resync'): WebviewToHost {
  return { v: PROTOCOL_VERSION, type, payload: {} };
}
