import type { Orchestrator } from '../../src/orchestrator/Orchestrator';
import type { ParticipantConfig } from '../../src/participants/participant';
import type { Revision, SaveResult } from '../../src/store/ports';
import type { ThreadLease } from '../../src/store/ThreadStore';
import { MemoryThreadRepository } from '../../src/testing/MemoryThreadRepository';
import type { ScriptedChat } from '../../src/testing/ScriptedChat';
import type { Transcript } from '../../src/transcript/schema';

// One window of `playLeaseWindows`: its orchestrator over a repository that a kill silences, its model, and what
// it placed.

export const PARTICIPANTS: ParticipantConfig[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt', enabled: true },
];
export const HOST = 'this-machine';

/** A repository that, once its window is killed, writes nothing more (as a dead process). */
export class KillableRepository extends MemoryThreadRepository {
  killed = false;
  override async save(transcript: Transcript, base: Revision | null): Promise<SaveResult> {
    if (this.killed) throw new Error('the window was killed');
    return super.save(transcript, base);
  }
}

export interface LeaseWindow {
  index: number;
  pid: number;
  orchestrator: Orchestrator;
  chat: ScriptedChat;
  repository: KillableRepository;
  hold: ThreadLease;
  /** Calls of `chat` still streaming. */
  open: number[];
  alive: boolean;
  /** Message ids this window placed. */
  placed: Set<string>;
}

/** Lets promise chains run. */
export async function settle(rounds = 4): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
