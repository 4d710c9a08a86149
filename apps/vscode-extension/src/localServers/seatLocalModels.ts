import { MAX_PARTICIPANTS, parseParticipantSettings } from '@roundtable/core/participants/participant';
import { DEFAULT_SEATS } from '../adapters/defaultSeats';
import { BUILT_IN_PROVIDER, httpProviders, MAX_PROVIDERS, parseProviderSettings } from '../adapters/readProviders';
import type { LocalServer, ServerKind } from './probeLocalServers';

// The settings change of **Roundtable: Add a Local Model Server**: a `roundtable.providers` entry for the server and
// a seat per chosen model, appended to the user's own lists. Pure: the command reads the settings, calls this, and
// writes what it returns.

/** The user-level values as `inspect(...).globalValue` gives them: undefined when the user never set one. */
export interface UserLists {
  participants: unknown;
  providers: unknown;
  /** `roundtable.groups` as in effect: a group's id is an @-name too, so a new seat must not take one. */
  groups?: unknown;
}

export interface NewSeat {
  id: string;
  displayName: string;
  model: string;
}

export interface SeatingPlan {
  /** The whole new `roundtable.providers`: the user's entries as they were, and the server's if it was not there. */
  providers: unknown[];
  /** The whole new `roundtable.participants`: the user's entries as they were, then the new seats. */
  participants: unknown[];
  providerId: string;
  /** The server was already an entry (same base URL): its id is used and `providers` is the list unchanged. */
  reusedProvider: boolean;
  seats: NewSeat[];
  /** The user had no list of seats: the default ones, which were sitting, were written out ahead of the new ones. */
  keptDefaults: boolean;
}

export type SeatingResult = { ok: true; plan: SeatingPlan } | { ok: false; reason: string };

/** The provider id each kind of server gets (then `-2`, `-3`… when the user already has that id). */
const PROVIDER_IDS: Readonly<Record<ServerKind, string>> = {
  llamacpp: 'llamacpp',
  ollama: 'ollama',
  lmstudio: 'lmstudio',
  openai: 'local',
};

/** @-names no participant may have (core's `ParticipantId`). */
const RESERVED_NAMES = ['all', 'user', 'system'];

/** How many more seats the user's list has room for: the manifest's cap counts every entry, valid or not. */
export function seatsLeft(participants: unknown): number {
  const list = participants === undefined ? DEFAULT_SEATS : participants;
  return Array.isArray(list) ? Math.max(0, MAX_PARTICIPANTS - list.length) : 0;
}

/** The user's provider id whose base URL is this server's, when one of their valid entries points at it. */
export function providerAt(providers: unknown, apiBase: string): string | undefined {
  return httpProviders(parseProviderSettings(providers ?? []).providers).find((p) => p.baseUrl === apiBase)?.id;
}

/**
 * The new lists with `models` seated on `server`. Invariants: no entry the user had is dropped, reordered or changed;
 * each new id (provider and seat) is unused by any entry, alias or group; and the result reads back, through the same
 * readers the extension uses, with the provider at `server.apiBase` and every new seat on it (else nothing is written).
 *
 * With no `roundtable.participants` of the user's own, the default seats are sitting; they are written out ahead of
 * the new ones, so adding a model never takes away a seat the user had.
 */
export function planSeating(lists: UserLists, server: LocalServer, models: readonly string[]): SeatingResult {
  const keptDefaults = lists.participants === undefined;
  const seatsBefore: unknown = keptDefaults ? DEFAULT_SEATS.map((s) => ({ ...s })) : lists.participants;
  const providersBefore: unknown = lists.providers ?? [];
  if (!Array.isArray(seatsBefore)) {
    return { ok: false, reason: 'roundtable.participants in your user settings is not a list; fix it first.' };
  }
  if (!Array.isArray(providersBefore)) {
    return { ok: false, reason: 'roundtable.providers in your user settings is not a list; fix it first.' };
  }
  if (models.length === 0) return { ok: false, reason: 'No model was chosen.' };
  const room = seatsLeft(seatsBefore);
  if (models.length > room) {
    return {
      ok: false,
      reason: `A table seats at most ${MAX_PARTICIPANTS}: ${room === 0 ? 'it is full' : `${room} more fit`}. Remove a seat from roundtable.participants first.`,
    };
  }

  const reused = providerAt(providersBefore, server.apiBase);
  if (reused === undefined && providersBefore.length >= MAX_PROVIDERS) {
    return {
      ok: false,
      reason: `roundtable.providers has ${providersBefore.length} entries, the most it may have (${MAX_PROVIDERS}); remove one first.`,
    };
  }
  const providerId =
    reused ?? unique(PROVIDER_IDS[server.kind], new Set([BUILT_IN_PROVIDER, ...idsOf(providersBefore)]));
  const name = server.label.length <= 40 ? server.label : server.label.slice(0, 40).trimEnd();
  const providers =
    reused === undefined ? [...providersBefore, { id: providerId, name, baseUrl: server.apiBase }] : providersBefore;

  const taken = new Set([...RESERVED_NAMES, ...namesOf(seatsBefore), ...idsOf(lists.groups)]);
  const seats = models.map((model) => {
    const id = unique(seatIdFor(model), taken);
    taken.add(id);
    return { id, displayName: displayNameFor(model), model };
  });
  const participants = [
    ...seatsBefore,
    ...seats.map((s) => ({
      id: s.id,
      displayName: s.displayName,
      model: s.model,
      provider: providerId,
      enabled: true,
    })),
  ];

  const readBack = readsBack(providers, participants, server.apiBase, providerId, seats);
  if (readBack)
    return { ok: false, reason: `The new settings would not read back (${readBack}); nothing was written.` };
  return {
    ok: true,
    plan: { providers, participants, providerId, reusedProvider: reused !== undefined, seats, keptDefaults },
  };
}

/**
 * A seat id from a model name, short enough to type after `@`: its last path part, without Ollama's `:latest`,
 * lower-cased, every run of other characters made one `-`, starting with a letter, at most 24 characters (room for
 * a `-NN` that makes it unique within core's 32).
 */
export function seatIdFor(model: string): string {
  const slug = baseName(model)
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^a-z]+/, '')
    .slice(0, 24)
    .replace(/[-_]+$/, '');
  return slug === '' ? 'local' : slug;
}

/** The name shown in the chat: the model's last path part without `:latest`, within core's 40 characters. */
export function displayNameFor(model: string): string {
  return (baseName(model) || model).slice(0, 40).trim() || 'Local model';
}

function baseName(model: string): string {
  return model
    .slice(model.lastIndexOf('/') + 1)
    .replace(/:latest$/i, '')
    .trim();
}

/** `base`, or `base-2`, `base-3`… : the first not in `taken`. */
export function unique(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** The `id` of each entry that has a string one, lower-cased as @-mentions are matched. */
export function idsOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((e) => {
    const id = (e as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? [id.toLowerCase()] : [];
  });
}

/** Every @-name the entries hold, valid or not: ids and aliases. */
export function namesOf(list: readonly unknown[]): string[] {
  const aliases = list.flatMap((e) => {
    const a = (e as { aliases?: unknown } | null)?.aliases;
    return Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()) : [];
  });
  return [...idsOf(list), ...aliases];
}

/** Undefined when the readers find the provider and every new seat as written; else what they found wrong. */
function readsBack(
  providers: unknown[],
  participants: unknown[],
  apiBase: string,
  providerId: string,
  seats: readonly NewSeat[],
): string | undefined {
  const provider = parseProviderSettings(providers).providers.find((p) => p.id === providerId);
  if (provider?.kind === 'cli' || provider?.baseUrl !== apiBase) return `provider "${providerId}" at ${apiBase}`;
  const read = parseParticipantSettings(participants).participants;
  const missing = seats.filter(
    (s) => !read.some((p) => p.id === s.id && p.model === s.model && p.provider === providerId && p.enabled),
  );
  return missing.length > 0 ? `seat ${missing.map((s) => `"${s.id}"`).join(', ')}` : undefined;
}
