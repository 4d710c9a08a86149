import * as v from 'valibot';
import { int, ParticipantId } from './base';
import { MAX_ARGUMENT_CHARS, MAX_CLAIM_CHARS, MAX_LEDGER_CLAIMS, MAX_SHORT_ANSWER_CHARS } from './ledgerLimits';

export { MAX_ARGUMENT_CHARS, MAX_CLAIM_CHARS, MAX_LEDGER_CLAIMS, MAX_SHORT_ANSWER_CHARS };

const Argument = v.pipe(v.string(), v.maxLength(MAX_ARGUMENT_CHARS));

/** How an answer stands on one claim of a synthesis's ledger. */
export const Mark = v.picklist(['supported', 'disputed', 'not addressed']);
export type Mark = v.InferOutput<typeof Mark>;

/**
 * One claim of a ledger and each answering seat's mark on it, by seat id (the model wrote letters); for a claim the
 * answers dispute, the strongest argument the chair saw on each side (`for`, `against`), naming nobody.
 */
export const LedgerClaim = v.strictObject({
  claim: v.pipe(v.string(), v.maxLength(MAX_CLAIM_CHARS)),
  marks: v.record(ParticipantId, Mark),
  for: v.optional(Argument),
  against: v.optional(Argument),
});
export type LedgerClaim = v.InferOutput<typeof LedgerClaim>;

/** Why an answer a synthesis would have read was not there: it failed, was stopped, or never came (or was empty). */
export const MissingWhy = v.picklist(['failed', 'stopped', 'none']);
export type MissingWhy = v.InferOutput<typeof MissingWhy>;

/** A short answer in normal form (`normalAnswer`): what a vote counts. */
export const ShortAnswer = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_SHORT_ANSWER_CHARS));

/**
 * The vote of a question with one short answer: each answering seat's final answer in normal form (by seat id: what
 * its answer states, else what the chair read in it), and the synthesis's own. Two seats that gave the same normal form
 * voted alike; the tally is counted from this (`tallyOf`), never stored.
 */
export const Vote = v.strictObject({
  answers: v.record(ParticipantId, ShortAnswer),
  synthesis: v.optional(ShortAnswer),
});
export type Vote = v.InferOutput<typeof Vote>;

/**
 * A council's synthesis, read once in the host when it ends with text (`readSynthesis`); the panel and the exports
 * show it, and nothing reads the synthesis's text for it again. Its ledger is one of:
 * - read: its `claims`, and its `answer` (the text without the ledger's block);
 * - `malformed`: why the block it wrote could not be read (the whole text is the answer);
 * - neither: it wrote no ledger.
 * `without`: the answering seats whose answers it was written without, and why (absent when it had them all).
 * `vote`: when the question had one short answer and at least two seats gave one, each seat's and the synthesis's.
 */
export const SynthesisReading = v.strictObject({
  claims: v.optional(v.pipe(v.array(LedgerClaim), v.maxLength(MAX_LEDGER_CLAIMS))),
  answer: v.optional(v.string()),
  malformed: v.optional(v.string()),
  without: v.optional(v.record(ParticipantId, MissingWhy)),
  vote: v.optional(Vote),
});
export type SynthesisReading = v.InferOutput<typeof SynthesisReading>;

/** Where a seat stands on a disputed claim: it holds the claim (`supported`) or rejects it (`disputed`). */
export const Position = v.picklist(['supported', 'disputed']);
export type Position = v.InferOutput<typeof Position>;

/**
 * One seat's position on one claim of a dispute round (`claim`: its index in the plan's claims), with its argument;
 * `changed` when it differs from where the seat stood before the round, and `withoutReason` when it changed and the
 * argument did not (the same as before, or none): a change that conformity, not an argument, may explain.
 */
export const ClaimPosition = v.strictObject({
  claim: v.pipe(int, v.minValue(0), v.maxValue(MAX_LEDGER_CLAIMS - 1)),
  position: Position,
  argument: Argument,
  changed: v.optional(v.literal(true)),
  withoutReason: v.optional(v.literal(true)),
});
export type ClaimPosition = v.InferOutput<typeof ClaimPosition>;

/**
 * A dispute round's reply, read once when it ends with text (`readPositions`): its positions on the round's claims,
 * or why its `positions` block could not be read (`malformed`; then the seat took none).
 */
export const PositionsReading = v.strictObject({
  claims: v.optional(v.pipe(v.array(ClaimPosition), v.maxLength(MAX_LEDGER_CLAIMS))),
  malformed: v.optional(v.string()),
});
export type PositionsReading = v.InferOutput<typeof PositionsReading>;
