// Plain numbers, apart from the schema that holds them to it, so what reads a ledger does not bring the schema library with it.

/** The most claims a ledger keeps (more are cut), and the longest claim (a longer one is cut with an ellipsis). */
export const MAX_LEDGER_CLAIMS = 40;
export const MAX_CLAIM_CHARS = 600;

/** The longest argument a ledger or a position keeps for a claim (a longer one is cut with an ellipsis). */
export const MAX_ARGUMENT_CHARS = 600;

/** The longest short answer a vote counts, in normal form (a longer one is no short answer). */
export const MAX_SHORT_ANSWER_CHARS = 100;
