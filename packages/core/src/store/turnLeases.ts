import { holders, isStale, staleAt } from '../transcript/leaseRules';
import type { LeaseOwner, TurnLease } from '../transcript/turnLease';
import type { DocumentChange } from './documentChange';
import type { ThreadDocument } from './ThreadDocument';

// How a thread in memory takes, renews and ends its turns' leases, and finds the stale ones another window left
// (the rules are in `turnLease.ts`). The store applies these and writes the thread after each.

/** A new lease of `plan` for this window, taken at `now`. */
export function newLease(plan: string, token: string, self: LeaseOwner, now: Date): TurnLease {
  return { plan, token, owner: self.owner, pid: self.pid, host: self.host, heartbeat: now.toISOString() };
}

/** Renews a lease of this window at `now`, with its replies' text so far. False when it ended (in any window). */
export function renewLease(doc: ThreadDocument, token: string, now: Date): boolean {
  const lease = doc.turnLeases().find((l) => l.token === token);
  if (!lease || lease.ended !== undefined) return false;
  doc.setLeases((all) => all.map((l) => (l === lease ? { ...l, heartbeat: now.toISOString() } : l)), lease.plan);
  return true;
}

/** Ends a lease of this window at `now` (its turn ended, however it ended). */
export function endLease(doc: ThreadDocument, token: string, now: Date): void {
  doc.setLeases((all) =>
    all.map((l) => (l.token === token && l.ended === undefined ? { ...l, ended: now.toISOString() } : l)),
  );
}

/**
 * Ends a stale lease as interrupted, at `now`: its plan's replies still streaming that another window was running end
 * `cancelled` and `cutOff`, with the text they had when last written.
 */
export function interruptLease(doc: ThreadDocument, token: string, now: Date): DocumentChange[] {
  const lease = doc.turnLeases().find((l) => l.token === token);
  if (!lease || lease.ended !== undefined) return [];
  doc.setLeases((all) =>
    all.map((l) => (l === lease ? { ...l, ended: now.toISOString(), interrupted: true as const } : l)),
  );
  const cut = doc
    .allMessages()
    .filter((m) => m.status === 'streaming' && m.step?.plan === lease.plan && !doc.isLocalReply(m.id));
  return cut.flatMap(
    (m) => doc.update(m.id, (before) => ({ ...before, status: 'cancelled', cutOff: true }), now) ?? [],
  );
}

/** The stale leases of a thread: not ended, not this window's, and their window gone or silent too long. */
export function staleLeases(doc: ThreadDocument, self: LeaseOwner, now: Date): TurnLease[] {
  return doc.turnLeases().filter((l) => isStale(l, now, self.alive, self.owner));
}

/** When the next lease of another window that holds now would go stale by time alone (epoch ms), if any. */
export function nextStaleAt(doc: ThreadDocument, self: LeaseOwner): number | undefined {
  const times = doc
    .turnLeases()
    .filter((l) => l.ended === undefined && l.owner !== self.owner)
    .map(staleAt);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** Whether another window's live lease holds `plan` now (it runs that turn). */
export function heldElsewhere(doc: ThreadDocument, plan: string, self: LeaseOwner, now: Date): boolean {
  return holders(doc.turnLeases(), plan, now, self.alive, self.owner).some((l) => l.owner !== self.owner);
}
