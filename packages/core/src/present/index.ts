// `@roundtable/core/present`: what the webview needs to present what the protocol carries: the words and rules a
// view derives from messages (how a list of names, a wait, a cost, a review's verdict, a synthesis's ledger and vote, a Council that ended at its vote, a dispute round, a seat
// that cannot answer and a message nobody was asked to answer are said; who can be asked; a reply's change blocks;
// where a stored image is). No schema: `@roundtable/core/protocol` has those, and the limits are in
// `@roundtable/core/limits`.
export { andList } from '../base/andList';
export {
  describeDisputesEnd,
  describePositions,
  describeRoundChanges,
  disputesOffered,
} from '../council/disputeText';
export { responseLabel } from '../council/instructions';
export { compareStrategies, type Spend, type StrategyRow } from '../council/strategies';
export { describeWithout, ledgerNote, ledgerSeats, NO_LEDGER_NOTE } from '../council/synthesisText';
export { type AgreedVote, describeUnanimous } from '../council/unanimousText';
export { verdictOf } from '../council/verdict';
export { describeVote } from '../council/voteText';
export { imageExtension } from '../images/imageExtension';
export { formatSeconds } from '../llm/formatDuration';
export { isRoutable } from '../participants/participant';
export { type ChangeBlock, changeBlocksIn, changedFiles, readChangeBlock } from '../patches/changeBlocks';
export { elidedLine } from '../patches/wholeFile';
export { absenceClause, FIX_LABELS, fixOf } from '../protocol/absenceWords';
export { type AbsentSeatView, isAbsent } from '../protocol/absentSeat';
export { describeUnrouted } from '../router/describeUnrouted';
export { describeCost, formatElapsed } from '../threads/describeCost';
export { describeSeatSpend } from '../threads/describeSeatSpend';
export { describeTurnCost, explainTurnCost } from '../threads/describeTurnCost';
export { contextKindLabel, contextPlace } from '../transcript/contextLabel';
