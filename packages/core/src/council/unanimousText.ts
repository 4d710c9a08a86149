// The words for a Council that ended at its vote (`endedAtVote`), one function for the panel and the Markdown export.
// No imports: the panel's chunk carries only these few lines.

/** What a Council that ended at its vote is said with: the answer, how many agreed, and the requests not made. */
export interface AgreedVote {
  /** The short answer, in the vote's normal form. */
  answer: string;
  /** How many seats gave it (every seat of the answers' step). */
  seats: number;
  /** The reviews and synthesis skipped, in requests. */
  saved: number;
}

/**
 * "All 3 agree: 42. Reviews and synthesis skipped (4 requests saved)"; two seats are "Both". The answer is said as the
 * vote counts it (its normal form: "1,024" and "1024.0" are both "1024").
 */
export function describeUnanimous(vote: AgreedVote): string {
  const who = vote.seats === 2 ? 'Both agree' : `All ${vote.seats} agree`;
  const requests = `${vote.saved} ${vote.saved === 1 ? 'request' : 'requests'} saved`;
  return `${who}: ${vote.answer}. Reviews and synthesis skipped (${requests})`;
}
