import type { LeaseRecord } from '../lease/ProxyLease';

/**
 * What the proxy's watchdog decides from each look at the lease file. The proxy is stopped when the window that
 * started it no longer holds the lease:
 * - another window holds it (it took over: two proxies must never share one auth folder);
 * - the lease is gone (the window released it);
 * - it is this window's but was not renewed in time, after it had been renewed at least once since the proxy started
 *   (a first start may take longer than the lease lasts: the proxy is only renewed for once it answers).
 * A look that finds no lease or another owner acts only when the look before found the same: a lease is replaced
 * by a rename, and a read may fail while it happens (Windows).
 */
export interface WatchState {
  /** The lease's expiry when the watchdog started: a later one means the window renewed it since. */
  readonly firstExpiry: number | undefined;
  readonly renewed: boolean;
  /** What the last look found, when it was a reason to stop. */
  readonly suspect: 'gone' | 'taken' | undefined;
}

export type WatchVerdict = { stop: false; state: WatchState } | { stop: true; why: string };

export function startWatch(record: LeaseRecord | undefined): WatchState {
  return { firstExpiry: record?.expiresAt, renewed: false, suspect: undefined };
}

export function look(state: WatchState, record: LeaseRecord | undefined, owner: string, now: number): WatchVerdict {
  const suspect = record === undefined ? 'gone' : record.owner !== owner ? 'taken' : undefined;
  if (suspect) {
    if (state.suspect === suspect) {
      return {
        stop: true,
        why: suspect === 'gone' ? 'the window released the proxy lease' : 'another window holds the proxy lease',
      };
    }
    return { stop: false, state: { ...state, suspect } };
  }
  const held = record as LeaseRecord;
  const renewed = state.renewed || state.firstExpiry === undefined || held.expiresAt > state.firstExpiry;
  if (renewed && held.expiresAt <= now) {
    return {
      stop: true,
      why: `the window stopped renewing the proxy lease (${Math.round((now - held.expiresAt) / 1000)} s overdue)`,
    };
  }
  return { stop: false, state: { ...state, renewed, suspect: undefined } };
}
