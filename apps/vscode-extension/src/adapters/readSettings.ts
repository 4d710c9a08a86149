import { DEFAULT_ORCHESTRATOR_SETTINGS, type OrchestratorSettings } from '@roundtable/core/orchestrator/settings';
import { parseGroupSettings } from '@roundtable/core/participants/groups';
import { MAX_PARTICIPANTS, parseParticipantSettings } from '@roundtable/core/participants/participant';
import type { EndpointSettings } from '@roundtable/sidecar/endpoint';
import { DEFAULT_SEATS } from './defaultSeats';
import { cliProvidersOf, findUnknownProviders, type ProviderConfig, parseProviderSettings } from './readProviders';

/** The slice of VS Code's configuration API this reader needs, so it can be tested without VS Code. */
export interface ConfigurationLike {
  get<T>(section: string): T | undefined;
}

export interface RoundtableSettings {
  orchestrator: OrchestratorSettings;
  endpoint: EndpointSettings;
  /** The valid `roundtable.providers` entries; the built-in CLIProxyAPI is not among them. */
  providers: ProviderConfig[];
  /** A CLIProxyAPI binary the user provides for managed mode; empty means the pinned release. */
  binaryPath: string;
  /** Every message takes the file open in the editor along. */
  autoIncludeActiveFile: boolean;
  /** Readable lines about values that were ignored (the defaults were used instead). */
  problems: string[];
}

/**
 * Reads `roundtable.*`. A wrong value never stops the extension: it is reported and replaced by its default,
 * and a bad participant or provider entry costs only that entry. With no `roundtable.participants` at all, three seats
 * are laid (VS Code hands over the manifest's default, which is the same list).
 */
export function readSettings(config: ConfigurationLike): RoundtableSettings {
  const problems: string[] = [];
  const read = new SettingReader(config, problems);
  const { participants, problems: participantProblems } = parseParticipantSettings(
    config.get('participants') ?? DEFAULT_SEATS,
  );
  const { providers, problems: providerProblems } = parseProviderSettings(config.get('providers') ?? []);
  const { groups, problems: groupProblems } = parseGroupSettings(config.get('groups') ?? [], participants);
  problems.push(
    ...participantProblems,
    ...providerProblems,
    ...findUnknownProviders(participants, providers),
    ...groupProblems,
  );

  const d = DEFAULT_ORCHESTRATOR_SETTINGS;
  const orchestrator: OrchestratorSettings = {
    ...d,
    participants,
    routerMode: read.oneOf('router.defaultMode', ['manual', 'roundRobin'] as const, d.routerMode),
    maxRespondersPerTurn: read.integer('router.maxRespondersPerTurn', 1, MAX_PARTICIPANTS, d.maxRespondersPerTurn),
    maxRounds: read.integer('router.maxRounds', 1, 10, d.maxRounds),
    userName: read.text('userName', 40, d.userName),
    softLimitChars: read.integer('context.softLimitChars', 10_000, 2_000_000, d.softLimitChars),
    speakingOrder: read.oneOf('router.order', ['seat', 'rotating', 'random'] as const, d.speakingOrder),
    maxConcurrent: read.integer('council.maxConcurrent', 1, MAX_PARTICIPANTS, d.maxConcurrent),
    chair: chairOf(read.text('council.chair', 32, '', { allowEmpty: true }), participants, problems),
    anonymiseReviews: read.flag('council.anonymiseReviews', d.anonymiseReviews),
    skipWhenUnanimous: read.flag('council.skipWhenUnanimous', d.skipWhenUnanimous),
    maxDisputeRounds: read.integer('council.maxDisputeRounds', 1, 5, d.maxDisputeRounds),
    askForDiffs: read.flag('context.askForDiffs', d.askForDiffs),
    groups,
    cliProviders: Object.fromEntries(cliProvidersOf(providers).map((p) => [p.id, p.cli])),
  };

  const binaryPath = read.text('sidecar.binaryPath', 4096, '', { allowEmpty: true });
  return {
    orchestrator,
    endpoint: {
      // Managed by default: a user with subscriptions and no proxy is asked once and is then ready to sign in.
      mode: read.oneOf('sidecar.mode', ['managed', 'external'] as const, 'managed'),
      port: read.integer('sidecar.port', 1, 65535, 8317),
      externalUrl: read.text('sidecar.externalUrl', 4096, '', { allowEmpty: true, trim: false }),
    },
    providers,
    binaryPath,
    autoIncludeActiveFile: read.flag('context.autoIncludeActiveFile', false),
    problems,
  };
}

/** The chair's id as set: empty is "the turn's first seat"; an id nobody has is reported and ignored. */
function chairOf(id: string, participants: readonly { id: string }[], problems: string[]): string | null {
  if (id === '') return null;
  if (participants.some((p) => p.id === id)) return id;
  problems.push(`roundtable.council.chair: "${id}" is not a participant's id; the turn's first seat chairs.`);
  return null;
}

/** Reads one setting at a time, reporting a wrong value (with what is used instead) and returning the default. */
class SettingReader {
  constructor(
    private readonly config: ConfigurationLike,
    private readonly problems: string[],
  ) {}

  oneOf<T extends string>(key: string, values: readonly T[], fallback: T): T {
    const raw = this.config.get<unknown>(key);
    if (raw === undefined || raw === null) return fallback;
    if (values.includes(raw as T)) return raw as T;
    const allowed = values.map((v) => `"${v}"`).join(' or ');
    this.problems.push(`roundtable.${key} must be ${allowed}; using "${fallback}".`);
    return fallback;
  }

  flag(key: string, fallback: boolean): boolean {
    const raw = this.config.get<unknown>(key);
    if (raw === undefined || raw === null) return fallback;
    if (typeof raw === 'boolean') return raw;
    this.problems.push(`roundtable.${key} must be true or false; using ${fallback}.`);
    return fallback;
  }

  integer(key: string, min: number, max: number, fallback: number): number {
    const raw = this.config.get<unknown>(key);
    if (raw === undefined || raw === null) return fallback;
    if (typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max) return raw;
    this.problems.push(`roundtable.${key} must be a whole number from ${min} to ${max}; using ${fallback}.`);
    return fallback;
  }

  text(
    key: string,
    maxLength: number,
    fallback: string,
    options: { allowEmpty?: boolean; trim?: boolean } = {},
  ): string {
    const raw = this.config.get<unknown>(key);
    if (raw === undefined || raw === null) return fallback;
    if (typeof raw !== 'string') {
      this.problems.push(`roundtable.${key} must be a string.`);
      return fallback;
    }
    const value = options.trim === false ? raw : raw.trim();
    if ((value === '' && !options.allowEmpty) || value.length > maxLength) {
      const length = options.allowEmpty ? `at most ${maxLength}` : `1 to ${maxLength}`;
      this.problems.push(`roundtable.${key} must be ${length} characters; using "${fallback}".`);
      return fallback;
    }
    return value;
  }
}
