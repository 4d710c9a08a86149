// The shape of what a thread's index entry keeps of what its seats spent (see docs/spending.md). A leaf: the thread
// summary and the code that builds the record read it; the schema that checks a record whole is
// `spendRecordSchema.ts`, which only the sums load (the list checks nothing of a record).

/**
 * A bucket's length. Every UTC offset in use is a whole number of quarter hours, so a local midnight always falls
 * on a bucket's edge and "today" is exact; "the last 5 hours" is measured in whole buckets.
 */
export const SPEND_BUCKET_MS = 15 * 60_000;
/** Buckets kept per seat: 30 hours back from the thread's newest counted reply (a day and "5 hours" both fit). */
export const SPEND_KEPT_BUCKETS = 120;
/** Seats kept per thread (those that spent most recently); more have never sat at one table. */
export const MAX_SPEND_SEATS = 64;

/**
 * One bucket: `[slot, requests, inputTokens, outputTokens]`, with a fifth `1` when some of its tokens were
 * estimated. `slot` is the bucket's start in milliseconds since the epoch divided by `SPEND_BUCKET_MS`.
 */
export type SpendBucket = [number, number, number, number] | [number, number, number, number, 1];

/**
 * Per seat (participant id), its buckets in increasing slot order, at most `SPEND_KEPT_BUCKETS`, none empty. Derived
 * from the thread's messages alone (`spendRecordOf`), so every window that holds the same thread writes the same
 * record.
 */
export type SpendRecord = Record<string, SpendBucket[]>;
