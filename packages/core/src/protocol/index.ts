// The webview protocol: what the webview bundles from core (schemas and builders, and how a wait, a list of names
// and who can answer are said).
export { andList } from '../base/andList';
export { formatSeconds } from '../llm/formatDuration';
export { isRoutable } from '../participants/participant';
export { describeUnrouted } from '../router/describeUnrouted';
export { fenceLanguage } from './fenceLanguage';
export {
  assertNever,
  CSP_REPORT_MAX_CHARS,
  describeInvalidMessage,
  type HostMessageType,
  type HostPayload,
  HostToWebview,
  hostMessage,
  isSidecarPending,
  isSidecarUp,
  MAX_CODE_CHARS,
  MAX_CONTEXT_BLOCK_CHARS,
  MAX_CONTEXT_BLOCKS,
  MAX_USER_TEXT_CHARS,
  MessagePatchPayload,
  PendingContext,
  PROTOCOL_VERSION,
  SaveProblem,
  SeatMap,
  SeatView,
  ShownThread,
  SidecarStatus,
  sidecarTone,
  ThreadListEntry,
  TurnView,
  ViewMessage,
  ViewState,
  viewSignal,
  type WebviewIntent,
  type WebviewMessageType,
  WebviewToHost,
  webviewIntent,
} from './messages';
