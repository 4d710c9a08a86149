import * as v from 'valibot';
import { int, isoDateTime, RecordId } from './base';

// A turn's lease: which window runs a plan's turn now, recorded in the thread itself so that a turn cut off by a crash
// (a killed extension host, a machine that lost power) is found again by the next window to read the thread, and so
// that two windows never both continue it. Its shape is here (a thread's schema holds it); what it takes to be stale,
// and how two copies merge, are in `leaseRules.ts`. The store and the turn runner apply these rules:
// - a window takes a lease when it starts running a plan (its `token` is new each time) and renews its `heartbeat`
//   every `LEASE_HEARTBEAT_MS` while the turn runs; it ends the lease (`ended`) when the turn ends, however it ends;
// - a lease not ended is stale when its process is known dead (same host, no such process) or its heartbeat is older
//   than `LEASE_STALE_MS`; a window never judges its own leases stale;
// - a window that reads a thread holding a stale lease ends it as `interrupted`, and marks the plan's replies still
//   streaming as cut off (`cancelled`, `cutOff`, their text so far kept);
// - a plan already in the thread (Continue) is taken by a compare-and-write of the thread: the window whose write
//   lands first holds it; a window that finds another's live lease on it does not run it.

/** How often a running turn renews its lease (the thread is written then, with the text streamed so far). */
export const LEASE_HEARTBEAT_MS = 5_000;
/** A lease not renewed for this long is stale: its window is gone or stuck, and its turn was cut off. */
export const LEASE_STALE_MS = 20_000;
/** The most ended leases a thread keeps: the newest (by when they ended); older turns have long ended. */
export const MAX_ENDED_LEASES = 8;
/** The most leases a thread file may hold at all (the ended ones kept, and every one not ended). */
export const MAX_TURN_LEASES = 64;

/** A lease's or a window's token: as the store's id generator makes them. */
const token = v.pipe(v.string(), v.minLength(1), v.maxLength(128));

/**
 * One window's hold on a plan's turn: the lease's own `token`, the window's (`owner`, a token of its extension host;
 * `pid` and `host` to tell a dead process at once on the same machine), when it last said it was alive, and, once the
 * turn is over, when it ended and whether it ended because it was found cut off (`interrupted`).
 */
export const TurnLease = v.strictObject({
  plan: RecordId,
  token,
  owner: token,
  pid: v.pipe(int, v.minValue(0)),
  host: v.pipe(v.string(), v.maxLength(255)),
  heartbeat: isoDateTime,
  ended: v.optional(isoDateTime),
  interrupted: v.optional(v.literal(true)),
});
export type TurnLease = v.InferOutput<typeof TurnLease>;

/** Whether a process lives: true or false when it can be told (the same host), undefined when it cannot. */
export type ProcessCheck = (pid: number, host: string) => boolean | undefined;

/** The window a store runs in, as its leases name it, and how it tells whether another window's process lives. */
export interface LeaseOwner {
  owner: string;
  pid: number;
  host: string;
  alive: ProcessCheck;
}

/**
 * Whether `plan`'s newest lease (leases are kept in the order they were last heard of) ended because its window was
 * found gone: its turn was cut off by a crash.
 */
export function wasInterrupted(leases: readonly TurnLease[], plan: string): boolean {
  return leases.findLast((l) => l.plan === plan)?.interrupted === true;
}
