// The webview protocol: what the webview bundles from core (schemas and builders, and how a wait, a list of names
// and who can answer are said).
export { andList } from '../base/andList';
export { responseLabel } from '../council/instructions';
export { describeWithout, ledgerNote, ledgerSeats, NO_LEDGER_NOTE } from '../council/synthesisText';
export { verdictOf } from '../council/verdict';
export { formatSeconds } from '../llm/formatDuration';
export type { SeatGroup } from '../participants/groups';
export { isRoutable } from '../participants/participant';
export { type ChangeBlock, changeBlocksIn, changedFiles, readChangeBlock } from '../patches/changeBlocks';
export { elidedLine } from '../patches/wholeFile';
export { describeUnrouted } from '../router/describeUnrouted';
export { describeCost, formatElapsed } from '../threads/describeCost';
export { contextKindLabel, contextPlace } from '../transcript/contextLabel';
export type { DiscussionMode, PlanStep, StepKind, TurnPlan } from '../transcript/plan';
export type { LedgerClaim, Mark, MissingWhy, SynthesisReading } from '../transcript/synthesisReading';
export { fenceLanguage } from './fenceLanguage';
export {
  type AbsentSeatView,
  absenceClause,
  assertNever,
  CSP_REPORT_MAX_CHARS,
  describeInvalidMessage,
  FIX_LABELS,
  fixOf,
  type HostMessageType,
  type HostPayload,
  HostToWebview,
  hostMessage,
  isAbsent,
  isSidecarPending,
  isSidecarUp,
  MAX_CODE_CHARS,
  MAX_CONTEXT_BLOCK_CHARS,
  MAX_CONTEXT_BLOCKS,
  MAX_FILE_QUERY_CHARS,
  MAX_USER_TEXT_CHARS,
  MessagePatchPayload,
  PendingContext,
  PendingImage,
  PROTOCOL_VERSION,
  type ProposedChange,
  type RefusalAction,
  SaveProblem,
  SeatFix,
  SeatMap,
  SeatView,
  ShownThread,
  SidecarStatus,
  seatlessTable,
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
