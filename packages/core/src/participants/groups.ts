import * as v from 'valibot';
import { describeIssues } from '../transcript/base';
import { DiscussionMode } from '../transcript/plan';
import { ParticipantId } from '../transcript/schema';
import { MAX_PARTICIPANTS, type ParticipantConfig } from './participant';
import { boundEntries, overlongField, settingListProblems } from './settingList';

/** The most groups a table names. */
export const MAX_GROUPS = 16;

/**
 * A named set of seats (`@reviewers`): a mention or the To chip addresses all of its members that can answer, in
 * table order; `mode`, when set, is how a message addressed to the group is taken, whatever the thread's mode.
 */
export const SeatGroup = v.strictObject({
  id: ParticipantId,
  displayName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
  members: v.pipe(v.array(ParticipantId), v.minLength(1), v.maxLength(MAX_PARTICIPANTS)),
  mode: v.optional(DiscussionMode),
});
export type SeatGroup = v.InferOutput<typeof SeatGroup>;

const GroupSetting = v.object({
  id: ParticipantId,
  displayName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40))),
  members: v.pipe(v.array(ParticipantId), v.minLength(1), v.maxLength(MAX_PARTICIPANTS)),
  mode: v.optional(DiscussionMode),
});

/**
 * Reads `roundtable.groups`: each entry on its own, so a typo costs that entry only. A group's id must be no
 * participant's id or alias (an @-name means one thing); members who are not at the table are dropped with a
 * problem, and a group left with no member is dropped. Entries past `MAX_GROUPS` are refused, and the list and its
 * problem lines are bounded (see settingList.ts).
 */
export function parseGroupSettings(
  raw: unknown,
  participants: readonly ParticipantConfig[],
): { groups: SeatGroup[]; problems: string[] } {
  if (!Array.isArray(raw)) return { groups: [], problems: ['roundtable.groups must be an array of group objects'] };
  const bounded = boundEntries(raw, 'roundtable.groups');
  const groups: SeatGroup[] = [];
  const problems: string[] = [];
  const taken = new Set(participants.flatMap((p) => [p.id, ...(p.aliases ?? [])]));
  for (const [i, entry] of bounded.entries.entries()) {
    const at = `roundtable.groups[${i}]`;
    if (groups.length === MAX_GROUPS) {
      problems.push(`${at} and after: at most ${MAX_GROUPS} groups; the rest are left out`);
      break;
    }
    const overlong = overlongField(entry, 'members', MAX_PARTICIPANTS, at);
    if (overlong) {
      problems.push(overlong);
      continue;
    }
    const parsed = v.safeParse(GroupSetting, entry);
    if (!parsed.success) {
      problems.push(`${at}: ${describeIssues(parsed.issues)}`);
      continue;
    }
    const g = parsed.output;
    if (taken.has(g.id)) {
      problems.push(`${at}: "@${g.id}" is already a participant's id or alias; this group is ignored`);
      continue;
    }
    const seated = [...new Set(g.members)].filter((id) => participants.some((p) => p.id === id));
    if (seated.length === 0) {
      problems.push(`${at}: none of its members is at the table; this group is ignored`);
      continue;
    }
    for (const id of g.members.filter((m) => !seated.includes(m))) {
      problems.push(`${at}.members: "${id}" is not at the table; it is left out of the group`);
    }
    taken.add(g.id);
    groups.push({
      id: g.id,
      displayName: g.displayName ?? `@${g.id}`,
      members: seated,
      ...(g.mode ? { mode: g.mode } : {}),
    });
  }
  return { groups, problems: settingListProblems(bounded, problems, 'roundtable.groups') };
}
