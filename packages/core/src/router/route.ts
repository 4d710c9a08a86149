import type { ParticipantConfig } from '../participants/participant';
import { parseMentions } from './parseMentions';

export interface RouteInput {
  /** The user's message. */
  text: string;
  /** In config order. */
  participants: ParticipantConfig[];
  mode: 'manual' | 'roundRobin';
  /** The "speaking to" selector. */
  defaultTarget: string | null;
  lastAssistantSpeaker: string | null;
  /** Targets chosen in the UI, if any. */
  explicitTargets?: string[];
}

export interface RouteDecision {
  /** Who answers, in order; replies are sequential. Only enabled participants, each at most once. */
  targets: string[];
  /** Mentioned ids that are unknown or disabled (never `all`), so the UI can say so. */
  unknownMentions: string[];
  reason: 'mentions' | 'all' | 'explicit' | 'default' | 'roundRobin' | 'none';
}

/**
 * Decides who answers a user message, in priority order:
 * 1. `@all` -> every enabled participant in config order (other mentions add nothing);
 * 2. `@id` mentions -> the enabled ones, in mention order;
 * 3. (no usable mention) `explicitTargets` -> the enabled ones, in their order;
 * 4. manual mode -> `defaultTarget` if enabled, else the first enabled participant;
 *    roundRobin -> the next enabled participant after `lastAssistantSpeaker` in config order, wrapping
 *    (the first enabled one when there is no previous speaker or it is no longer configured).
 * No enabled participant -> no targets, reason `none`. Pure: same input, same decision.
 */
export function route(input: RouteInput): RouteDecision {
  const enabled = unique(input.participants.filter((p) => p.enabled).map((p) => p.id));
  const isEnabled = (id: string) => enabled.includes(id);
  const mentions = parseMentions(input.text);
  const unknownMentions = mentions.filter((id) => id !== 'all' && !isEnabled(id));
  const decide = (targets: string[], reason: RouteDecision['reason']): RouteDecision =>
    targets.length > 0 ? { targets, unknownMentions, reason } : { targets: [], unknownMentions, reason: 'none' };

  if (enabled.length === 0) return decide([], 'none');
  if (mentions.includes('all')) return decide(enabled, 'all');
  const mentioned = mentions.filter(isEnabled);
  if (mentioned.length > 0) return decide(mentioned, 'mentions');

  const explicit = unique((input.explicitTargets ?? []).filter(isEnabled));
  if (explicit.length > 0) return decide(explicit, 'explicit');

  if (input.mode === 'roundRobin') {
    const next = nextAfter(input.lastAssistantSpeaker, input.participants) ?? enabled[0];
    return decide(next === undefined ? [] : [next], 'roundRobin');
  }
  const target = input.defaultTarget !== null && isEnabled(input.defaultTarget) ? input.defaultTarget : enabled[0];
  return decide(target === undefined ? [] : [target], 'default');
}

/**
 * The first enabled participant after `previous` in config order, wrapping around (so a sole enabled speaker
 * follows itself); undefined when `previous` is null or no longer configured.
 */
function nextAfter(previous: string | null, participants: readonly ParticipantConfig[]): string | undefined {
  const at = previous === null ? -1 : participants.findIndex((p) => p.id === previous);
  if (at < 0) return undefined;
  const rotated = [...participants.slice(at + 1), ...participants.slice(0, at + 1)];
  return rotated.find((p) => p.enabled)?.id;
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
