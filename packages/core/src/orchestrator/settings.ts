import type { SeatGroup } from '../participants/groups';
import type { ParticipantConfig } from '../participants/participant';
import type { SpeakingOrder } from '../transcript/plan';

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
  /** Discuss: who speaks first when a message addresses several seats at once (`@all`, a group). */
  speakingOrder: SpeakingOrder;
  /** At most this many replies of one step stream at once (Independent answers, reviews). */
  maxConcurrent: number;
  /** Who writes a council's synthesis; null (or a seat that cannot answer): the turn's first seat. */
  chair: string | null;
  /** Named sets of seats (`@reviewers`). */
  groups: SeatGroup[];
  /** At most this many rounds follow Discuss disputes on a Council's synthesis (they stop sooner when settled). */
  maxDisputeRounds: number;
  /** Whether "Ask the table to review" hides who wrote the reviewed reply. */
  anonymiseReviews: boolean;
  /**
   * Whether a Council whose blind answers all state the same short answer ends at that vote, its reviews and synthesis
   * skipped (`endedAtVote`); Review anyway runs them.
   */
  skipWhenUnanimous: boolean;
  /** Whether a seat that reads code from the editor is asked to propose changes as unified diffs (`DIFF_REQUEST`). */
  askForDiffs: boolean;
  /**
   * Providers that are an official CLI, by id, with the CLI's program name (`claude`): their seats read their prompt
   * as one process's input, which the prompt inspector shows as such. Absent: none.
   */
  cliProviders?: Readonly<Record<string, string>>;
}

export const DEFAULT_ORCHESTRATOR_SETTINGS: Omit<OrchestratorSettings, 'participants'> = {
  routerMode: 'manual',
  maxRespondersPerTurn: 8,
  maxRounds: 3,
  systemMode: 'multiple',
  softLimitChars: 150_000,
  keepRecent: 6,
  userName: 'User',
  speakingOrder: 'seat',
  maxConcurrent: 3,
  chair: null,
  groups: [],
  maxDisputeRounds: 2,
  anonymiseReviews: true,
  skipWhenUnanimous: true,
  askForDiffs: true,
};
