import type { ParticipantConfig } from '../../src/participants/participant';
import type { RouteDecision, RouteInput } from '../../src/router/route';

// The table the routing tests route over, and how they write a decision.

export function seat(id: string, enabled = true, extra: Partial<ParticipantConfig> = {}): ParticipantConfig {
  return { id, displayName: id.toUpperCase(), color: '#123456', model: `${id}-model`, enabled, ...extra };
}

// Config order: claude (also @opus), gpt, gemini (disabled), grok, kimi (muted).
export const table = [
  seat('claude', true, { aliases: ['opus', 'sonnet'] }),
  seat('gpt'),
  seat('gemini', false, { aliases: ['bard'] }),
  seat('grok'),
  seat('kimi', true, { muted: true, aliases: ['moon'] }),
];

/** A decision: who answers and why, and (when there are any) the names that get no reply. */
export function d(
  targets: string[],
  reason: RouteDecision['reason'],
  rest: Partial<Pick<RouteDecision, 'unknown' | 'disabled' | 'muted' | 'overCap' | 'absent'>> = {},
): RouteDecision {
  return { targets, unknown: [], disabled: [], muted: [], overCap: [], groups: [], absent: [], reason, ...rest };
}

export const base: RouteInput = {
  text: 'hello',
  participants: table,
  mode: 'manual',
  defaultTarget: 'gpt',
  lastAssistantSpeaker: null,
};
