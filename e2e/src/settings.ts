/** A participant as the extension's `roundtable.participants` setting takes it. */
export interface ParticipantSetting {
  readonly id: string;
  readonly displayName: string;
  readonly color: string;
  readonly model: string;
  readonly enabled: boolean;
  /** A `roundtable.providers` entry to reach it through (CLIProxyAPI when absent). */
  readonly provider?: string;
  /** Whether the seat is sent images (absent: as its model is known to read them). */
  readonly vision?: boolean /** The seat's length limit (`max_tokens`); a local llama.cpp server has none of its own. */;
  readonly maxTokens?: number;
}

/**
 * Settings that strip the code-server workbench down to what the tests look at: no built-in AI chat panel, no welcome
 * page, no update or telemetry traffic (the machine has no general network). Verified with code-server on these machines.
 */
export const cleanWorkbenchSettings = {
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'git.enabled': false,
  'workbench.tips.enabled': false,
} as const;

export const defaultParticipants: readonly ParticipantSetting[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
];

/** The Roundtable settings that point the extension at a proxy the test controls (base URL without /v1). */
export function roundtableSettings(
  proxyUrl: string,
  participants: readonly ParticipantSetting[] = defaultParticipants,
): Record<string, unknown> {
  return {
    'roundtable.sidecar.mode': 'external',
    'roundtable.sidecar.externalUrl': proxyUrl,
    'roundtable.participants': participants,
  };
}
