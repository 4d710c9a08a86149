import { LEASE_STALE_MS, type ProcessCheck, type TurnLease } from './turnLease';

// The rules of a turn's lease (`turnLease.ts`): when one is stale, and who holds a plan now. Pure; loaded with the
// leases' upkeep, after a window's first thread is shown.

/**
 * A lease that is not ended and whose window is not alive: its process is gone (on this host), or it has not renewed
 * the lease for `LEASE_STALE_MS`. A lease of `self` (this window) is never stale here: this window knows its turns.
 */
export function isStale(lease: TurnLease, now: Date, alive: ProcessCheck, self?: string): boolean {
  if (lease.ended !== undefined || lease.owner === self) return false;
  if (alive(lease.pid, lease.host) === false) return true;
  return now.getTime() - Date.parse(lease.heartbeat) > LEASE_STALE_MS;
}

/** When a lease not ended would go stale by time alone (epoch ms). */
export function staleAt(lease: TurnLease): number {
  return Date.parse(lease.heartbeat) + LEASE_STALE_MS;
}

/** The leases of `plan` that hold it now: not ended and not stale (`self`'s included). */
export function holders(
  leases: readonly TurnLease[],
  plan: string,
  now: Date,
  alive: ProcessCheck,
  self?: string,
): TurnLease[] {
  return leases.filter((l) => l.plan === plan && l.ended === undefined && !isStale(l, now, alive, self));
}
