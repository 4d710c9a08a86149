import { parseParticipantSettings } from '@roundtable/core/participants/participant';
import { DEFAULT_SEATS } from '../adapters/defaultSeats';
import { BUILT_IN_PROVIDER, cliProvidersOf, MAX_PROVIDERS, parseProviderSettings } from '../adapters/readProviders';
import { idsOf, namesOf, seatsLeft, type UserLists, unique } from '../localServers/seatLocalModels';

// The settings change of **Roundtable: Seat Claude on Claude Code**: Claude's seats move from the proxy's Claude login
// to the official CLI's own. Pure: the command reads the user's settings, calls this, and writes what it returns.

/** The provider entry the CLI gets when the user has none for it. */
const CLAUDE_CODE = { id: 'claude-code', kind: 'cli', cli: 'claude', name: 'Claude Code' } as const;

export interface ClaudeCodePlan {
  providers: unknown[];
  participants: unknown[];
  providerId: string;
  /** The seats that now sit on the CLI: those that were on the proxy with a Claude model, or one new seat. */
  moved: string[];
  added: string | undefined;
  reusedProvider: boolean;
}

export type ClaudeCodeSeating = { ok: true; plan: ClaudeCodePlan } | { ok: false; reason: string };

/** A participant entry on the built-in proxy with a Claude model: what Claude Code can take over. */
function isProxyClaude(entry: unknown): boolean {
  const e = entry as { model?: unknown; provider?: unknown } | null;
  const onProxy = e?.provider === undefined || e.provider === BUILT_IN_PROVIDER;
  return onProxy && typeof e?.model === 'string' && e.model.toLowerCase().startsWith('claude');
}

/**
 * The new lists with Claude on Claude Code. Invariants: no entry the user had is dropped or reordered; the only entries
 * changed are seats on the proxy with a Claude model, which get the CLI as their `provider` (model and all else kept,
 * Claude Code takes the same model names); with none, one seat `claude` (or the first free `claude-N`) is added. The
 * CLI's provider is the user's own entry for `claude` when there is one, else a new `claude-code` one. With no list of
 * the user's own, the default seats are written out first (they are what sits). The result reads back.
 */
export function planClaudeCodeSeating(lists: UserLists): ClaudeCodeSeating {
  const seatsBefore: unknown =
    lists.participants === undefined ? DEFAULT_SEATS.map((s) => ({ ...s })) : lists.participants;
  const providersBefore: unknown = lists.providers ?? [];
  if (!Array.isArray(seatsBefore)) {
    return { ok: false, reason: 'roundtable.participants in your user settings is not a list; fix it first.' };
  }
  if (!Array.isArray(providersBefore)) {
    return { ok: false, reason: 'roundtable.providers in your user settings is not a list; fix it first.' };
  }
  const own = cliProvidersOf(parseProviderSettings(providersBefore).providers).find((p) => p.cli === 'claude');
  if (!own && providersBefore.length >= MAX_PROVIDERS) {
    return {
      ok: false,
      reason: `roundtable.providers has the most entries it may have (${MAX_PROVIDERS}); remove one first.`,
    };
  }
  const providerId = own?.id ?? unique(CLAUDE_CODE.id, new Set([BUILT_IN_PROVIDER, ...idsOf(providersBefore)]));
  const providers = own ? providersBefore : [...providersBefore, { ...CLAUDE_CODE, id: providerId }];
  const moved: string[] = [];
  const participants = seatsBefore.map((entry) => {
    if (!isProxyClaude(entry)) return entry;
    moved.push(String((entry as { id?: unknown }).id));
    return { ...(entry as object), provider: providerId };
  });
  let added: string | undefined;
  if (moved.length === 0) {
    if (seatsLeft(seatsBefore) === 0)
      return { ok: false, reason: 'The table is full: remove a seat from roundtable.participants first.' };
    added = unique('claude', new Set(['all', 'user', 'system', ...namesOf(seatsBefore), ...idsOf(lists.groups)]));
    participants.push({
      id: added,
      displayName: 'Claude',
      color: '#D97706',
      model: 'sonnet',
      provider: providerId,
      enabled: true,
    });
  }
  const read = parseParticipantSettings(participants).participants;
  const seated = [...moved, ...(added ? [added] : [])];
  if (!seated.every((id) => read.some((p) => p.id === id && p.provider === providerId))) {
    return { ok: false, reason: 'The new settings would not read back; nothing was written.' };
  }
  return { ok: true, plan: { providers, participants, providerId, moved, added, reusedProvider: own !== undefined } };
}
