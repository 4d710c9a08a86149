/**
 * The webview <-> host protocol. One valibot union per direction; both ends `safeParse` every message and drop
 * (and log) what fails, never cast. Each direction has its own module (`webviewToHost.ts`, `hostToWebview.ts`), so a
 * bundle that validates only one of them (the host validates intents, the page validates host messages) carries
 * only that one. Adding a message: add its schema to its direction's module and its case in the handlers (the
 * `switch`es are exhaustive, so the compiler lists what is missing).
 *
 * Host -> webview: every message carries the thread the view shows and the view's sequence number, which goes up
 * by one with each message sent to that view. Only three things send a full `view/state`: `view/ready`,
 * `view/resync` and opening another thread; everything else is a small patch. A webview that sees a sequence
 * number other than the last plus one has missed something and asks for a resync instead of guessing.
 *
 * Webview -> host: every intent carries a request id and is answered with `request/done` (ok, or the reason it was
 * refused, which the webview shows).
 */

export { absenceClause, FIX_LABELS, fixOf } from './absenceWords';
export { type AbsentSeatView, isAbsent } from './absentSeat';
export { hostMessage, viewSignal, webviewIntent } from './builders';
export {
  assertNever,
  describeInvalidMessage,
  MAX_CODE_CHARS,
  MAX_FILE_QUERY_CHARS,
  MAX_FOUND_FILES,
  MAX_PATH_CHARS,
  MAX_USER_TEXT_CHARS,
  PROTOCOL_VERSION,
} from './common';
export * from './hostToWebview';
export { MAX_CONTEXT_BLOCK_CHARS, MAX_CONTEXT_BLOCKS, PendingContext, PendingImage } from './pendingContext';
export {
  isSidecarPending,
  isSidecarUp,
  SeatFix,
  SeatMap,
  SeatView,
  SidecarStatus,
  seatlessTable,
  sidecarTone,
} from './proxyStatus';
export { TurnView } from './turnView';
export * from './webviewToHost';
