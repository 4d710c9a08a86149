import { andList } from '../base/andList';
import { isRoutable, type ParticipantConfig } from '../participants/participant';
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
  const parts: string[] = [];
  if (decision.unknown.length > 0) parts.push(`${names(decision.unknown)} ${be(decision.unknown)} not at the table`);
  if (decision.disabled.length > 0) parts.push(`${names(decision.disabled)} ${be(decision.disabled)} disabled`);
  if (decision.muted.length > 0) parts.push(`${names(decision.muted)} ${be(decision.muted)} muted`);
  if (decision.overCap.length > 0) {
    parts.push(
      `at most ${cap} answer one message (roundtable.router.maxRespondersPerTurn), so ${names(decision.overCap)} ${
        decision.overCap.length === 1 ? 'was' : 'were'
      } left out`,
    );
  }
  if (parts.length === 0) return undefined;
  const sentence = `${capitalise(parts.join('; '))}.`;
  if (decision.targets.length > 0) return sentence;
  const routable = participants.filter(isRoutable).map((p) => p.id);
  return `Nobody was asked to answer: ${parts.join('; ')}.${routable.length > 0 ? ` At the table: ${names(routable)}.` : ''}`;
}

function names(ids: readonly string[]): string {
  return andList(ids.map((id) => `@${id}`));
}

function be(ids: readonly string[]): string {
  return ids.length === 1 ? 'is' : 'are';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
