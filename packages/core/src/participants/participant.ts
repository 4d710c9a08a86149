import * as z from 'zod/mini';
import { ParticipantId } from '../transcript/schema';

/** A seat at the table: who speaks, with which model, in which colour. */
export const ParticipantConfig = z.strictObject({
  id: ParticipantId,
  displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  color: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #D97706')),
  model: z.string().check(z.trim(), z.minLength(1)),
  systemPrompt: z.optional(z.string()),
  enabled: z.boolean(),
});
export type ParticipantConfig = z.infer<typeof ParticipantConfig>;

/** What a user may write in settings: everything but id and model has a default. */
const ParticipantSetting = z.object({
  id: ParticipantId,
  displayName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  color: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #D97706'))),
  model: z.string().check(z.trim(), z.minLength(1)),
  systemPrompt: z.optional(z.string()),
  enabled: z.optional(z.boolean()),
});

const FALLBACK_COLORS = ['#D97706', '#10A37F', '#4285F4', '#8B5CF6', '#EC4899', '#0EA5E9'];

export interface ParticipantSettingsResult {
  participants: ParticipantConfig[];
  /** One readable line per rejected entry; the valid entries are still used. */
  problems: string[];
}

/**
 * Reads `roundtable.participants` as typed by a user: each entry is checked on its own, so one typo costs that
 * entry only, never the whole table. Duplicated ids keep the first entry.
 */
export function parseParticipantSettings(raw: unknown): ParticipantSettingsResult {
  if (!Array.isArray(raw)) {
    return { participants: [], problems: ['roundtable.participants must be an array of participant objects'] };
  }
  const participants: ParticipantConfig[] = [];
  const problems: string[] = [];
  for (const [i, entry] of raw.entries()) {
    const parsed = ParticipantSetting.safeParse(entry);
    if (!parsed.success) {
      problems.push(`roundtable.participants[${i}]: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`);
      continue;
    }
    const p = parsed.data;
    if (participants.some((other) => other.id === p.id)) {
      problems.push(`roundtable.participants[${i}]: duplicate id "${p.id}" (the first entry is used)`);
      continue;
    }
    participants.push({
      id: p.id,
      displayName: p.displayName ?? p.id.charAt(0).toUpperCase() + p.id.slice(1),
      color: p.color ?? FALLBACK_COLORS[participants.length % FALLBACK_COLORS.length] ?? '#D97706',
      model: p.model,
      ...(p.systemPrompt ? { systemPrompt: p.systemPrompt } : {}),
      enabled: p.enabled ?? true,
    });
  }
  return { participants, problems };
}
