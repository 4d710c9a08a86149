import { andList } from '../base/andList';
import type { ParticipantConfig } from '../participants/participant';
import type { SeatMap } from '../protocol/proxyStatus';
import { type IntentResult, refuse } from './result';

/**
 * The one rule for seats known to need a login: a turn that would ask one of them is held, not sent (the proxy
 * could only answer "unknown provider"). Its refusal names every such seat and the login each needs, and offers to
 * sign in the first. Undefined when no seat of the turn is known to need a login (nothing known holds nothing).
 */
export function holdForLogin(
  seatIds: readonly string[],
  seats: SeatMap,
  participants: readonly ParticipantConfig[],
): IntentResult | undefined {
  const waiting = [...new Set(seatIds)].flatMap((id) => {
    const seat = seats[id];
    return seat?.kind === 'needs-login' ? [{ id, provider: seat.provider }] : [];
  });
  const first = waiting[0];
  if (!first) return undefined;
  const name = (id: string) => participants.find((p) => p.id === id)?.displayName ?? id;
  const needs =
    waiting.length === 1
      ? `${name(first.id)} needs a ${first.provider} login`
      : `${andList(waiting.map((w) => `${name(w.id)} (${w.provider})`))} need a login`;
  return refuse(`Not sent: ${needs}. Sign in, then send it again.`, { kind: 'signIn', participantId: first.id });
}
