import type { Unrouted } from '../transcript/schema';
import type { RouteDecision } from './route';

/**
 * The names a routing decision gave no reply, as kept on the message (at most 64 per list, each at most 64
 * characters: a typed name can be any length); undefined when every name was answered.
 */
export function unroutedOf(decision: RouteDecision): Unrouted | undefined {
  const unrouted: Unrouted = {};
  const keep = (names: string[]) => names.slice(0, 64).map((n) => (n.length > 64 ? `${n.slice(0, 63)}…` : n));
  for (const key of ['unknown', 'disabled', 'muted', 'overCap'] as const) {
    if (decision[key].length > 0) unrouted[key] = keep(decision[key]);
  }
  // Absent seats are kept only when the message named them (by name or chip): `@all` or a group addressed whoever sits
  // at the table, and the line above the message box already says who could not answer.
  const named = decision.reason === 'mentions' || decision.reason === 'explicit';
  if (named && decision.absent.length > 0) unrouted.absent = keep(decision.absent);
  return Object.keys(unrouted).length > 0 ? unrouted : undefined;
}
