import { isRoutable, type ParticipantConfig } from '../participants/participant';
import { describeUnrouted, mentions, unroutedClauses } from './describeUnrouted';
import type { RouteDecision } from './route';

/**
 * The sentence a user reads when a message's names did not all get a reply: who is not at the table, disabled or
 * muted, and who the responder cap left out; undefined when everyone named answers. When nobody answers at all it
 * says so first and lists who can be addressed, so the next try can be right.
 */
export function describeRouting(
  decision: RouteDecision,
  participants: readonly ParticipantConfig[],
  cap: number | undefined,
): string | undefined {
  if (decision.targets.length > 0) return describeUnrouted(decision, cap);
  const clauses = unroutedClauses(decision, cap);
  if (clauses.length === 0) return undefined;
  const routable = participants.filter(isRoutable).map((p) => p.id);
  return `Nobody was asked to answer: ${clauses.join('; ')}.${routable.length > 0 ? ` At the table: ${mentions(routable)}.` : ''}`;
}
