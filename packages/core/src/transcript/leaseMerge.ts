import { MAX_ENDED_LEASES, MAX_TURN_LEASES, type TurnLease } from './turnLease';

// How two copies of a thread's turn leases (`turnLease.ts`) merge, and what a thread keeps of them. Pure.

/**
 * Two copies' leases as one: each lease (by token) once; of two copies, an ended one wins (a lease never holds again
 * once ended), then the later end or heartbeat, then an interrupted one. Then only what a thread keeps (`kept`).
 * Commutative and idempotent; associative as long as a thread's ended leases are within `MAX_ENDED_LEASES` (beyond
 * that, one window may drop an old ended lease that another still has: at worst it is read again as not ended and
 * ended again as interrupted, which marks nothing, since its replies all ended long ago).
 */
export function mergeLeases(a: readonly TurnLease[], b: readonly TurnLease[]): TurnLease[] {
  if (a.length === 0 && b.length === 0) return [];
  const merged = new Map<string, TurnLease>();
  for (const lease of [...a, ...b]) {
    const other = merged.get(lease.token);
    merged.set(lease.token, other ? laterLease(other, lease) : lease);
  }
  return kept([...merged.values()]);
}

/** Of two copies of one lease, the one further along. */
function laterLease(a: TurnLease, b: TurnLease): TurnLease {
  const rank = (l: TurnLease) => [
    l.ended !== undefined ? 1 : 0,
    Date.parse(l.ended ?? l.heartbeat),
    l.interrupted ? 1 : 0,
  ];
  const [ra, rb] = [rank(a), rank(b)];
  for (let i = 0; i < ra.length; i++) {
    const d = (ra[i] ?? 0) - (rb[i] ?? 0);
    if (d !== 0) return d > 0 ? a : b;
  }
  return JSON.stringify(a) >= JSON.stringify(b) ? a : b;
}

/** The order leases are kept in: by when they were last heard of (ended or renewed), then by token. */
function key(l: TurnLease): string {
  return `${new Date(l.ended ?? l.heartbeat).toISOString()}\u0000${l.token}`;
}

/**
 * What a thread keeps of its leases, in a fixed order: every one not ended, and the newest `MAX_ENDED_LEASES` ended
 * ones; never more than `MAX_TURN_LEASES` (a correct program holds a few at most).
 */
export function kept(leases: readonly TurnLease[]): TurnLease[] {
  const sorted = [...leases].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  const ended = sorted.filter((l) => l.ended !== undefined);
  const dropped = new Set(ended.slice(0, Math.max(0, ended.length - MAX_ENDED_LEASES)));
  return sorted.filter((l) => !dropped.has(l)).slice(-MAX_TURN_LEASES);
}
