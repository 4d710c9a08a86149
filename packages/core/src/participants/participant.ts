import * as v from 'valibot';
import { describeIssues, positiveInt } from '../transcript/base';
import { ParticipantId } from '../transcript/schema';
import { boundEntries, overlongField, settingListProblems } from './settingList';

/** The most participants one table seats: `@all` asks each of them in turn, so a runaway list is refused. */
export const MAX_PARTICIPANTS = 16;
/** The most extra @-names one participant may have. */
export const MAX_ALIASES = 8;

/** Which endpoint a participant is reached through: the built-in CLIProxyAPI, or an entry of `roundtable.providers`. */
export const ProviderId = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be 1-32 characters: a lower-case letter, then letters, digits, _ or -'),
);

const displayName = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40));
const color = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #D97706'));
const model = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200));
const systemPrompt = v.pipe(v.string(), v.maxLength(100_000));
const aliases = v.pipe(v.array(ParticipantId), v.maxLength(MAX_ALIASES));
/**
 * A reply's length limit in tokens, sent as `max_tokens` (a local server has no default and writes until its context
 * is full). A whole number from 1; a server that refuses one as too large says so in its error, shown on the reply.
 */
export const MaxTokens = positiveInt;

/**
 * A seat at the table: who speaks, with which model, in which colour. `aliases` are extra @-names (`@opus`);
 * a `muted` participant stays in the thread (its replies are still shown and in every prompt) but is never asked
 * to answer; `provider` names the endpoint (the built-in CLIProxyAPI when absent).
 */
export const ParticipantConfig = v.strictObject({
  id: ParticipantId,
  displayName,
  color,
  model,
  systemPrompt: v.optional(systemPrompt),
  enabled: v.boolean(),
  aliases: v.optional(aliases),
  muted: v.optional(v.boolean()),
  provider: v.optional(ProviderId),
  /**
   * Reads images: a message's images reach it as image parts, where other seats get a line saying one was left out.
   * Absent: as its model is known to (`seatReadsImages`).
   */
  vision: v.optional(v.boolean()),
  /** The seat's length limit (`max_tokens`); absent: its provider's default for seats, else the server's own. */
  maxTokens: v.optional(MaxTokens),
});
export type ParticipantConfig = v.InferOutput<typeof ParticipantConfig>;

/** Enabled and not muted: can be asked to answer. */
export function isRoutable(p: ParticipantConfig): boolean {
  return p.enabled && p.muted !== true;
}

/** What a user may write in settings: everything but id and model has a default. */
const ParticipantSetting = v.object({
  id: ParticipantId,
  displayName: v.optional(displayName),
  color: v.optional(color),
  model,
  systemPrompt: v.optional(systemPrompt),
  enabled: v.optional(v.boolean()),
  aliases: v.optional(aliases),
  muted: v.optional(v.boolean()),
  provider: v.optional(ProviderId),
  vision: v.optional(v.boolean()),
  maxTokens: v.optional(MaxTokens),
});

const FALLBACK_COLORS = ['#D97706', '#10A37F', '#4285F4', '#8B5CF6', '#EC4899', '#0EA5E9'];

export interface ParticipantSettingsResult {
  participants: ParticipantConfig[];
  /** One readable line per rejected entry or field, naming both; the valid entries are still used. */
  problems: string[];
}

/**
 * Reads `roundtable.participants` as typed by a user: each entry is checked on its own, so one typo costs that
 * entry only, never the whole table. Across the table every @-name (ids and aliases) must be unique: a duplicated
 * id keeps the first entry, and an alias already taken by an id or an earlier alias is dropped (the entry stays).
 * Entries past `MAX_PARTICIPANTS` are refused, and the list and its problem lines are bounded (see settingList.ts).
 */
export function parseParticipantSettings(raw: unknown): ParticipantSettingsResult {
  if (!Array.isArray(raw)) {
    return { participants: [], problems: ['roundtable.participants must be an array of participant objects'] };
  }
  const bounded = boundEntries(raw, 'roundtable.participants');
  const participants: ParticipantConfig[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const [i, entry] of bounded.entries.entries()) {
    const at = `roundtable.participants[${i}]`;
    if (participants.length === MAX_PARTICIPANTS) {
      problems.push(`${at} and after: a table seats at most ${MAX_PARTICIPANTS} participants; the rest are left out`);
      break;
    }
    const overlong = overlongField(entry, 'aliases', MAX_ALIASES, at);
    if (overlong) {
      problems.push(overlong);
      continue;
    }
    const parsed = v.safeParse(ParticipantSetting, entry);
    if (!parsed.success) {
      problems.push(`${at}: ${describeIssues(parsed.issues)}`);
      continue;
    }
    const p = parsed.output;
    if (ids.has(p.id)) {
      problems.push(`${at}: duplicate id "${p.id}" (the first entry is used)`);
      continue;
    }
    ids.add(p.id);
    participants.push({
      id: p.id,
      displayName: p.displayName ?? p.id.charAt(0).toUpperCase() + p.id.slice(1),
      color: p.color ?? FALLBACK_COLORS[participants.length % FALLBACK_COLORS.length] ?? '#D97706',
      model: p.model,
      ...(p.systemPrompt ? { systemPrompt: p.systemPrompt } : {}),
      enabled: p.enabled ?? true,
      ...(p.aliases && p.aliases.length > 0 ? { aliases: p.aliases } : {}),
      ...(p.muted ? { muted: true } : {}),
      ...(p.provider ? { provider: p.provider } : {}),
      ...(p.vision !== undefined ? { vision: p.vision } : {}),
      ...(p.maxTokens !== undefined ? { maxTokens: p.maxTokens } : {}),
    });
  }
  const seated = dropTakenAliases(participants, bounded.entries, problems);
  return { participants: seated, problems: settingListProblems(bounded, problems, 'roundtable.participants') };
}

/** Removes each alias that is some participant's id or an alias an earlier entry already has, saying which. */
function dropTakenAliases(
  participants: ParticipantConfig[],
  raw: readonly unknown[],
  problems: string[],
): ParticipantConfig[] {
  const ids = new Set(participants.map((p) => p.id));
  const taken = new Map<string, string>();
  return participants.map((p) => {
    if (!p.aliases) return p;
    const index = raw.findIndex((entry) => (entry as { id?: unknown } | null)?.id === p.id);
    const kept: string[] = [];
    for (const [j, alias] of p.aliases.entries()) {
      if (kept.includes(alias)) continue; // written twice in one entry: harmless
      const at = `roundtable.participants[${index}].aliases[${j}]`;
      const owner = ids.has(alias) ? `the id of "${alias}"` : taken.get(alias);
      if (owner !== undefined) {
        problems.push(`${at}: "@${alias}" is already ${owner}; this alias is ignored`);
        continue;
      }
      taken.set(alias, `an alias of "${p.id}"`);
      kept.push(alias);
    }
    const { aliases: _aliases, ...rest } = p;
    return kept.length > 0 ? { ...rest, aliases: kept } : rest;
  });
}
