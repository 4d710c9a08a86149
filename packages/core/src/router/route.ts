import type { SeatGroup } from '../participants/groups';
import { isRoutable, type ParticipantConfig } from '../participants/participant';
import { parseMentions } from './parseMentions';

export interface RouteInput {
  /** The user's message. */
  text: string;
  /** In config order. */
  participants: readonly ParticipantConfig[];
  mode: 'manual' | 'roundRobin';
  /** The "speaking to" choice of the thread. */
  defaultTarget: string | null;
  lastAssistantSpeaker: string | null;
  /** Targets chosen in the UI, if any. */
  explicitTargets?: readonly string[];
  /** At most this many answer one message; undefined means no cap. */
  maxResponders?: number;
  /** Named sets of seats: `@group` (or a group as "speaking to") addresses its members. */
  groups?: readonly SeatGroup[];
  /**
   * Seats that cannot answer now though routable (they need a login, or cannot be reached): left out of the targets
   * before the responder cap, and reported in `absent`.
   */
  absent?: readonly string[];
}

export interface RouteDecision {
  /** Who answers, in order; replies are sequential. Only routable participants (enabled, not muted), each once. */
  targets: string[];
  /** Mentioned names that are nobody's id or alias (never `all`), as typed (lower-cased). */
  unknown: string[];
  /** Participants named by id or alias who are disabled, by id. */
  disabled: string[];
  /** Participants named by id or alias who are muted, by id. */
  muted: string[];
  /** Addressed, but past `maxResponders`: they do not answer this message. In the order they would have. */
  overCap: string[];
  /** The groups the message addressed (by mention, or as "speaking to"), in order. */
  groups: string[];
  /** Addressed and routable, but absent now (`RouteInput.absent`): left out, in the order they would have answered. */
  absent: string[];
  /**
   * Why these targets: `unroutable` when the message names participants but none of them can answer (nobody
   * else is asked in their place); `absent` when those it goes to are all absent now (the same holds: nobody else is
   * asked); `none` when nobody at the table can answer at all.
   */
  reason: 'mentions' | 'all' | 'explicit' | 'default' | 'roundRobin' | 'unroutable' | 'absent' | 'none';
}

/**
 * Decides who answers a user message. A participant is *routable* when enabled and not muted. In priority order:
 * 1. `@all` -> every routable participant in config order (other mentions add nothing);
 * 2. mentions (by id or alias, case-insensitive) -> the routable ones, in mention order; a group's mention stands
 *    for its routable members in table order; when the message names participants and none of them is routable,
 *    nobody answers (`unroutable`): a message meant for someone never goes silently to someone else;
 * 3. (no mention at all) `explicitTargets` -> the routable ones, in their order;
 * 4. manual mode -> `defaultTarget` if routable (a group: its routable members), else the first routable participant;
 *    roundRobin -> the next routable participant after `lastAssistantSpeaker` in config order, wrapping
 *    (the first routable one when there is no previous speaker or it is no longer configured).
 * Absent seats (`RouteInput.absent`) are taken out of whatever the message addresses, before the cap, and
 * reported; when nobody it addresses is left, nobody answers (`absent`). Round robin passes over them to the next.
 * Then at most `maxResponders` answer; the rest are `overCap`. Unknown, disabled and muted names are reported
 * whatever the outcome. Pure: same input, same decision.
 */
export function route(input: RouteInput): RouteDecision {
  const { participants } = input;
  const routable = participants.filter(isRoutable).map((p) => p.id);
  const away = new Set(input.absent ?? []);
  const isRoutableId = (id: string) => routable.includes(id);
  const groups = input.groups ?? [];
  const named = resolveMentions(parseMentions(input.text), participants, groups);
  const report = {
    unknown: named.unknown,
    disabled: named.direct.filter((id) => participants.find((p) => p.id === id)?.enabled === false),
    muted: named.direct.filter((id) => {
      const p = participants.find((q) => q.id === id);
      return p?.enabled === true && p.muted === true;
    }),
  };
  /** `addressed`: the routable seats the message goes to, absent ones included; they are taken out here. */
  const decide = (
    addressed: readonly string[],
    reason: RouteDecision['reason'],
    addressedGroups: readonly string[] = [],
  ): RouteDecision => {
    const unique = [...new Set(addressed)];
    const present = unique.filter((id) => !away.has(id));
    const absent = unique.filter((id) => away.has(id));
    const cap = input.maxResponders ?? present.length;
    const base = { ...report, groups: [...addressedGroups], absent };
    if (present.length > 0) return { targets: present.slice(0, cap), ...base, overCap: present.slice(cap), reason };
    const none = reason === 'unroutable' ? reason : absent.length > 0 ? 'absent' : 'none';
    return { targets: [], ...base, overCap: [], reason: none };
  };

  if (routable.length === 0) return decide([], 'none');
  if (named.all) return decide(routable, 'all');
  if (named.ids.length > 0 || named.unknown.length > 0 || named.groups.length > 0) {
    const mentioned = named.ids.filter(isRoutableId);
    return mentioned.length > 0 ? decide(mentioned, 'mentions', named.groups) : decide([], 'unroutable', named.groups);
  }

  const explicit = (input.explicitTargets ?? []).filter(isRoutableId);
  if (explicit.length > 0) return decide(explicit, 'explicit');

  const present = routable.filter((id) => !away.has(id));
  if (input.mode === 'roundRobin') {
    const next = nextAfter(input.lastAssistantSpeaker, participants, away) ?? present[0];
    return decide(next === undefined ? routable : [next], 'roundRobin');
  }
  const group = groups.find((g) => g.id === input.defaultTarget);
  const members = group ? membersOf(group, participants).filter(isRoutableId) : [];
  if (group && members.length > 0) return decide(members, 'default', [group.id]);
  // The thread's own choice is kept even when it is absent (the message is then refused, not handed to another).
  const chosen = input.defaultTarget !== null && isRoutableId(input.defaultTarget) ? input.defaultTarget : undefined;
  const target = chosen ?? present[0];
  return decide(target === undefined ? routable : [target], 'default');
}

/** A group's members in table order. */
function membersOf(group: SeatGroup, participants: readonly ParticipantConfig[]): string[] {
  return participants.filter((p) => group.members.includes(p.id)).map((p) => p.id);
}

/**
 * Mentions as participants: each name is matched to the participant whose id or alias it is (ids first, which
 * settings keep unique across ids and aliases), else to a group, whose members stand where it was named (in table
 * order); deduplicated by participant in mention order. `direct` are those named themselves (whose being disabled
 * or muted is worth saying).
 */
function resolveMentions(
  mentions: readonly string[],
  participants: readonly ParticipantConfig[],
  groups: readonly SeatGroup[],
) {
  const ids: string[] = [];
  const direct: string[] = [];
  const unknown: string[] = [];
  const named: string[] = [];
  let all = false;
  const add = (id: string) => {
    if (!ids.includes(id)) ids.push(id);
  };
  for (const name of mentions) {
    if (name === 'all') {
      all = true;
      continue;
    }
    const p = participants.find((q) => q.id === name) ?? participants.find((q) => q.aliases?.includes(name));
    const group = p ? undefined : groups.find((g) => g.id === name);
    if (p) {
      add(p.id);
      if (!direct.includes(p.id)) direct.push(p.id);
    } else if (group) {
      named.push(group.id);
      for (const id of membersOf(group, participants)) add(id);
    } else unknown.push(name);
  }
  return { ids, direct, unknown, all, groups: named };
}

/**
 * The first routable participant after `previous` in config order that is not absent, wrapping around (so a sole
 * routable speaker follows itself); undefined when `previous` is null or no longer configured, or all are absent.
 */
function nextAfter(
  previous: string | null,
  participants: readonly ParticipantConfig[],
  away: ReadonlySet<string>,
): string | undefined {
  const at = previous === null ? -1 : participants.findIndex((p) => p.id === previous);
  if (at < 0) return undefined;
  const rotated = [...participants.slice(at + 1), ...participants.slice(0, at + 1)];
  return rotated.find((p) => isRoutable(p) && !away.has(p.id))?.id;
}
