import { DEFAULT_ORCHESTRATOR_SETTINGS, type OrchestratorSettings, parseParticipantSettings } from '@roundtable/core';
import type { EndpointSettings } from '@roundtable/sidecar';

/** The slice of VS Code's configuration API this reader needs, so it can be tested without VS Code. */
export interface ConfigurationLike {
  get<T>(section: string): T | undefined;
}

export interface RoundtableSettings {
  orchestrator: OrchestratorSettings;
  endpoint: EndpointSettings;
  /** A CLIProxyAPI binary the user provides for managed mode; empty means the pinned release. */
  binaryPath: string;
  /** Readable lines about values that were ignored (the defaults were used instead). */
  problems: string[];
}

/**
 * Reads `roundtable.*`. A wrong value never stops the extension: it is reported and replaced by its default,
 * and a bad participant entry costs only that entry.
 */
export function readSettings(config: ConfigurationLike): RoundtableSettings {
  const problems: string[] = [];
  const { participants, problems: participantProblems } = parseParticipantSettings(config.get('participants') ?? []);
  problems.push(...participantProblems);

  const rawMode = config.get<unknown>('sidecar.mode');
  // Managed by default: a user with subscriptions and no proxy is asked once and is then ready to sign in.
  let mode: EndpointSettings['mode'] = 'managed';
  if (rawMode === 'managed' || rawMode === 'external') mode = rawMode;
  else if (rawMode !== undefined)
    problems.push(`roundtable.sidecar.mode must be "managed" or "external"; using "managed".`);

  const rawPort = config.get<unknown>('sidecar.port');
  let port = 8317;
  if (typeof rawPort === 'number' && Number.isInteger(rawPort) && rawPort >= 1 && rawPort <= 65535) port = rawPort;
  else if (rawPort !== undefined)
    problems.push(`roundtable.sidecar.port must be a whole number from 1 to 65535; using 8317.`);

  const rawUrl = config.get<unknown>('sidecar.externalUrl');
  let externalUrl = '';
  if (typeof rawUrl === 'string') externalUrl = rawUrl;
  else if (rawUrl !== undefined && rawUrl !== null) problems.push('roundtable.sidecar.externalUrl must be a string.');

  const rawBinary = config.get<unknown>('sidecar.binaryPath');
  let binaryPath = '';
  if (typeof rawBinary === 'string') binaryPath = rawBinary.trim();
  else if (rawBinary !== undefined && rawBinary !== null)
    problems.push('roundtable.sidecar.binaryPath must be a string.');

  return {
    orchestrator: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants },
    endpoint: { mode, port, externalUrl },
    binaryPath,
    problems,
  };
}
