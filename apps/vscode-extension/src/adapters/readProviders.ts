import { CLI_KINDS, type CliKind } from '@roundtable/core/cli/dialect';
import { MaxTokens, ParticipantConfig, ProviderId } from '@roundtable/core/participants/participant';
import { boundEntries, settingListProblems } from '@roundtable/core/participants/settingList';
import { describeIssues } from '@roundtable/core/transcript/base';
import { isLoopbackAddress } from '@roundtable/sidecar/loopback';
import * as v from 'valibot';

/** The id of the endpoint a participant without `provider` uses: the CLIProxyAPI Roundtable runs or is pointed at. */
export const BUILT_IN_PROVIDER = 'cliproxyapi';
/** The most entries `roundtable.providers` may have; each is health-checked on its own. */
export const MAX_PROVIDERS = 8;

/** An OpenAI-compatible endpoint on this machine that needs no key; `baseUrl` is its API base, without a trailing slash. */
export interface HttpProviderConfig {
  kind?: undefined;
  id: string;
  name: string;
  baseUrl: string;
  /** The length limit of its seats that set none (`max_tokens`): a local server has no default of its own. */
  maxTokens?: number;
}

/** A provider that is an official CLI on this machine; `command` is its absolute path, else it is found on PATH. */
export interface CliProviderConfig {
  kind: 'cli';
  id: string;
  name: string;
  /** Which official CLI: each turn of a seat on it runs one process of that CLI. */
  cli: CliKind;
  command?: string;
}

export type ProviderConfig = HttpProviderConfig | CliProviderConfig;

export interface ProviderSettingsResult {
  providers: ProviderConfig[];
  /** One readable line per rejected entry, naming its index, its id and the field. */
  problems: string[];
}

// One definition of a provider id (core's, which the participant's `provider` field uses too), so an id written here
// and one written on a participant are checked by the same rules. A name follows the display name's rules.
const providerId = v.pipe(
  ProviderId,
  v.check((id) => id !== BUILT_IN_PROVIDER, 'is reserved for the built-in CLIProxyAPI'),
);
const ProviderSetting = v.object({
  id: providerId,
  kind: v.optional(v.literal('openai')),
  name: v.optional(ParticipantConfig.entries.displayName),
  baseUrl: v.pipe(
    v.string(),
    v.check(
      (raw) => loopbackApiBase(raw) !== undefined,
      'must be http(s) on this machine (127.0.0.0/8, [::1], localhost), with no user, query or #',
    ),
  ),
  maxTokens: v.optional(MaxTokens),
});
// A path that means the same program whatever the working folder: a relative one would run whatever sits there.
const CliSetting = v.object({
  id: providerId,
  kind: v.literal('cli'),
  name: v.optional(ParticipantConfig.entries.displayName),
  cli: v.picklist(CLI_KINDS),
  command: v.optional(
    v.pipe(v.string(), v.maxLength(4096), v.regex(/^(\/|[A-Za-z]:[\\/])/, 'must be an absolute path')),
  ),
});

/**
 * Reads `roundtable.providers`. Each entry is checked on its own, so one typo costs that entry only; a duplicated id
 * keeps the first entry, entries past `MAX_PROVIDERS` are refused, and the list and its problem lines are bounded as
 * every list setting's are (core's settingList.ts).
 *
 * Invariant: every `baseUrl` returned points at this machine. Conversations are sent to it, so a setting (or a
 * workspace that slipped one in) must not be able to send them elsewhere; unlike the proxy's URL no name is looked up,
 * so only IP literals and `localhost` pass.
 */
export function parseProviderSettings(raw: unknown): ProviderSettingsResult {
  if (!Array.isArray(raw)) return { providers: [], problems: ['roundtable.providers must be an array of objects'] };
  const bounded = boundEntries(raw, 'roundtable.providers');
  const providers: ProviderConfig[] = [];
  const problems: string[] = [];
  for (const [i, entry] of bounded.entries.entries()) {
    const id = (entry as { id?: unknown } | null)?.id;
    const at = `roundtable.providers[${i}]${typeof id === 'string' ? ` ("${id}")` : ''}`;
    if (providers.length === MAX_PROVIDERS) {
      problems.push(`${at} and after: at most ${MAX_PROVIDERS} providers; the rest are left out`);
      break;
    }
    const parsed =
      (entry as { kind?: unknown } | null)?.kind === 'cli'
        ? v.safeParse(CliSetting, entry)
        : v.safeParse(ProviderSetting, entry);
    if (!parsed.success) {
      problems.push(`${at}: ${describeIssues(parsed.issues)}`);
      continue;
    }
    const p = parsed.output;
    if (providers.some((q) => q.id === p.id)) {
      problems.push(`${at}: duplicate id (the first entry is used)`);
      continue;
    }
    providers.push(
      'cli' in p
        ? { kind: 'cli', id: p.id, name: p.name ?? p.id, cli: p.cli, ...(p.command ? { command: p.command } : {}) }
        : {
            id: p.id,
            name: p.name ?? p.id,
            baseUrl: loopbackApiBase(p.baseUrl) ?? '',
            ...(p.maxTokens === undefined ? {} : { maxTokens: p.maxTokens }),
          },
    );
  }
  return { providers, problems: settingListProblems(bounded, problems, 'roundtable.providers') };
}

/** The providers reached over HTTP (an OpenAI-compatible endpoint), not through a CLI. */
export function httpProviders(providers: readonly ProviderConfig[]): HttpProviderConfig[] {
  return providers.filter((p): p is HttpProviderConfig => p.kind !== 'cli');
}

/** The providers that are an official CLI. */
export function cliProvidersOf(providers: readonly ProviderConfig[]): CliProviderConfig[] {
  return providers.filter((p): p is CliProviderConfig => p.kind === 'cli');
}

/** A problem line for each participant whose `provider` is neither the built-in proxy nor a listed provider. */
export function findUnknownProviders(
  participants: readonly { id: string; provider?: string }[],
  providers: readonly ProviderConfig[],
): string[] {
  return participants
    .filter((p) => p.provider && p.provider !== BUILT_IN_PROVIDER && !providers.some((q) => q.id === p.provider))
    .map((p) => `participant "${p.id}": provider "${p.provider}" is not in roundtable.providers; its replies fail`);
}

/**
 * The participants reached through CLIProxyAPI. Only they are checked against its model list and its logins: a model
 * another provider serves is no seat problem of the proxy's.
 */
export function onBuiltInProxy<T extends { provider?: string }>(participants: readonly T[]): T[] {
  return participants.filter((p) => p.provider === undefined || p.provider === BUILT_IN_PROVIDER);
}

/**
 * The URL without a trailing slash, or undefined when it is not http(s) on loopback or carries credentials, a query
 * or a fragment (the client appends `/chat/completions` and `/models`). `localhost` becomes 127.0.0.1, as for the
 * proxy: Node may try ::1 first while the server listens on IPv4 only. Exported so that what a command writes into
 * `roundtable.providers` passes the very check this reader applies.
 */
export function loopbackApiBase(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) return undefined;
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (!isLoopbackAddress(url.hostname)) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
