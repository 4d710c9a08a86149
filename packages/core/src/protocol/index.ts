// `@roundtable/core/protocol`: the webview protocol: its schemas (one union per direction), the message builders, the
// types of what messages carry, its version and helpers over a message's shape (the proxy's state, a fence tag's
// language, both of which the host reads too). How the webview says what messages carry is
// `@roundtable/core/present`; the limits both ends keep are `@roundtable/core/limits` (and re-exported here).
export type { SeatGroup } from '../participants/groups';
export type { DiscussionMode, PlanStep, Stance, StepKind, TurnPlan } from '../transcript/plan';
export type {
  ClaimPosition,
  LedgerClaim,
  Mark,
  MissingWhy,
  PositionsReading,
  SynthesisReading,
  Vote,
} from '../transcript/synthesisReading';
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
  TermsNoticeForm,
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
export type { SeatSpend, SeatSpending, SpendWindow } from './seatSpending';
export type { TurnCost } from './turnCost';
