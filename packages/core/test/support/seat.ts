import type { ParticipantConfig } from '../../src/participants/participant';

/** A participant for a test table: enabled, its id as its name, unless `extra` says otherwise. */
export function seat(id: string, extra: Partial<ParticipantConfig> = {}): ParticipantConfig {
  return { id, displayName: id, color: '#123456', model: 'm', enabled: true, ...extra };
}
