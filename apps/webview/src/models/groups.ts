import { isRoutable } from '@roundtable/core/present';
import type { SeatGroup } from '@roundtable/core/protocol';
import type { ParticipantView } from '../state/ThreadReplica';

/**
 * A group as the To chip and the review choices name it: "@reviewers (Claude, GPT)", with the members who can answer
 * now (the ones a message to it reaches), in table order (the order `participants` holds, which is how they answer).
 */
export function groupLabel(group: SeatGroup, participants: ReadonlyMap<string, ParticipantView>): string {
  const members = [...participants.values()].filter((p) => group.members.includes(p.id) && isRoutable(p));
  return `${group.displayName} (${members.map((p) => p.displayName).join(', ')})`;
}
