import * as v from 'valibot';
import { count, ParticipantId } from '../transcript/base';
import {
  type SpendBucket as Bucket,
  MAX_SPEND_SEATS,
  type SpendRecord as Record_,
  SPEND_KEPT_BUCKETS,
} from './spendRecord';

// The schema a spend record must hold to be counted (`SeatSpendingFeed`): loaded with the sums, never by the list.

/** One bucket (`SpendBucket`): four counts, and a fifth `1` when some of its tokens were estimated. */
export const SpendBucket = v.union([
  v.strictTuple([count, count, count, count]),
  v.strictTuple([count, count, count, count, v.literal(1)]),
]);

/** A whole record (`SpendRecord`): per seat, its buckets with rising slots, within the bounds the index keeps. */
export const SpendRecord = v.pipe(
  v.record(
    ParticipantId,
    v.pipe(
      v.array(SpendBucket),
      v.maxLength(SPEND_KEPT_BUCKETS),
      v.check((buckets) => buckets.every((b, i) => i === 0 || b[0] > (buckets[i - 1]?.[0] ?? 0)), 'slots must rise'),
    ),
  ),
  v.check((record) => Object.keys(record).length <= MAX_SPEND_SEATS, `at most ${MAX_SPEND_SEATS} seats`),
);

// The schema and the types the rest of the code uses say the same.
const _bucket: v.GenericSchema<unknown, Bucket> = SpendBucket;
const _record: v.GenericSchema<unknown, Record_> = SpendRecord;
void [_bucket, _record];
