import type { ParticipantConfig } from '../participants/participant';

/** Everything the orchestrator reads from the user's settings; the host re-reads it on every change. */
export interface OrchestratorSettings {
  participants: ParticipantConfig[];
  routerMode: 'manual' | 'roundRobin';
  /** At most this many participants answer one message. */
  maxRespondersPerTurn: number;
  /** At most this many rounds of replies follow one user message ("Another round" stops there). */
  maxRounds: number;
  /** How transcript notes reach the model: extra system messages, or `[System]` user content. */
  systemMode: 'multiple' | 'inline';
  softLimitChars: number;
  keepRecent: number;
  userName: string;
}

export const DEFAULT_ORCHESTRATOR_SETTINGS: Omit<OrchestratorSettings, 'participants'> = {
  routerMode: 'manual',
  maxRespondersPerTurn: 8,
  maxRounds: 3,
  systemMode: 'multiple',
  softLimitChars: 150_000,
  keepRecent: 6,
  userName: 'User',
};
