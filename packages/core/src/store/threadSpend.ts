import * as v from 'valibot';
import { ParticipantId } from '../transcript/base';
import type { Message } from '../transcript/schema';
import {
  MAX_SPEND_SEATS,
  SPEND_BUCKET_MS,
  SPEND_KEPT_BUCKETS,
  type SpendBucket,
  type SpendRecord,
} from './spendRecord';

// What a thread's seats spent, as its index entry keeps it (see docs/spending.md). Pure: the same messages give the
// same record in every window, whatever the time, so a thread two windows write is never counted twice or apart.

const ENDED: ReadonlySet<Message['status']> = new Set(['complete', 'error', 'cancelled']);

/**
 * A reply that reached its provider: it ended (complete, failed or stopped) and was sent, which its timing says (or,
 * in a thread written before replies were timed, its tokens). A place kept for a seat that never began, or a reply
 * whose seat had left, ends with neither; a deleted reply loses its tokens with its text and is not counted.
 */
export function countsAsRequest(m: Message): boolean {
  return m.role === 'assistant' && ENDED.has(m.status) && (m.timing !== undefined || m.usage !== undefined);
}

/**
 * When a counted reply ended, in milliseconds since the epoch. Replies store when they were placed and how long
 * they took, not when they ended: so its start plus its length (a retry keeps its first run's start).
 */
export function replyEndMs(m: Pick<Message, 'createdAt' | 'timing'>): number {
  return Date.parse(m.createdAt) + (m.timing?.totalMs ?? 0);
}

/**
 * The record of what each seat spent: per seat, the counted replies by the bucket they ended in, each bucket's
 * requests and tokens. Only the 30 hours before the thread's newest counted reply are kept, so the record's size
 * has a bound whatever the thread's length (`SPEND_KEPT_BUCKETS` per seat, `MAX_SPEND_SEATS` seats). Keys and
 * buckets are in a fixed order, so equal records are equal JSON.
 */
export function spendRecordOf(messages: readonly Message[]): SpendRecord {
  const bySeat = new Map<string, Map<number, SpendBucket>>();
  // Run on every structural change of a loaded thread: each speaker's id is checked once, not once per reply.
  const isSeat = new Map<string, boolean>();
  let newest = -1;
  for (const m of messages) {
    if (!countsAsRequest(m)) continue;
    const seat = isSeat.get(m.speaker) ?? v.is(ParticipantId, m.speaker);
    isSeat.set(m.speaker, seat);
    if (!seat) continue;
    const slot = Math.floor(replyEndMs(m) / SPEND_BUCKET_MS);
    if (!Number.isSafeInteger(slot) || slot < 0) continue;
    const buckets = bySeat.get(m.speaker) ?? new Map<number, SpendBucket>();
    bySeat.set(m.speaker, buckets);
    buckets.set(slot, added(buckets.get(slot), slot, m.usage));
    newest = Math.max(newest, slot);
  }
  const kept: [string, SpendBucket[]][] = [];
  for (const [seat, buckets] of bySeat) {
    const recent = [...buckets.values()].filter((b) => b[0] > newest - SPEND_KEPT_BUCKETS).sort((a, b) => a[0] - b[0]);
    if (recent.length > 0) kept.push([seat, recent]);
  }
  // More seats than a record holds: those that spent last are kept.
  const lastSlot = (entry: [string, SpendBucket[]]) => entry[1].at(-1)?.[0] ?? 0;
  const seats = kept.sort((a, b) => lastSlot(b) - lastSlot(a)).slice(0, MAX_SPEND_SEATS);
  seats.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(seats);
}

/** A bucket with one more request and its tokens (marked when they were estimated). */
function added(bucket: SpendBucket | undefined, slot: number, usage: Message['usage']): SpendBucket {
  const requests = (bucket?.[1] ?? 0) + 1;
  const input = (bucket?.[2] ?? 0) + (usage?.inputTokens ?? 0);
  const output = (bucket?.[3] ?? 0) + (usage?.outputTokens ?? 0);
  const estimated = bucket?.[4] === 1 || usage?.estimated === true;
  return estimated ? [slot, requests, input, output, 1] : [slot, requests, input, output];
}
