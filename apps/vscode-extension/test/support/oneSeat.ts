import {
  type ChatBackend,
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Orchestrator,
  randomIds,
  type SaveResult,
  silentLogger,
  systemClock,
  type ThreadRepository,
  type Transcript,
} from '@roundtable/core';
import type { FileThreadRepository } from '../../src/storage/FileThreadRepository';
import { windowLeaseOwner } from '../../src/storage/windowLeaseOwner';

const CLAUDE = { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'fake', enabled: true };
const GPT = { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'fake', enabled: true };

/**
 * A real orchestrator over `repository` with one seat, Claude (with `council`, a second, GPT, so a thread in Council
 * mode runs a whole Council), answered by `chat`, as `activate` composes it: this process is the window its turns'
 * leases name.
 */
export function oneSeatOrchestrator(
  repository: ThreadRepository,
  chat: ChatBackend,
  options: { council?: boolean } = {},
): Orchestrator {
  return new Orchestrator({
    repository,
    chat,
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    leaseOwner: windowLeaseOwner(),
    settings: {
      ...DEFAULT_ORCHESTRATOR_SETTINGS,
      participants: options.council ? [CLAUDE, GPT] : [CLAUDE],
    },
  });
}

/** The file repository, telling `onSaved` each transcript a save wrote: on disk (fsynced) from then on. */
export function reportingSaves(files: FileThreadRepository, onSaved: (t: Transcript) => void): ThreadRepository {
  return {
    list: () => files.list(),
    load: (id) => files.load(id),
    delete: (id) => files.delete(id),
    flush: () => files.flush(),
    onDidChangeStored: files.onDidChangeStored,
    async save(transcript, base): Promise<SaveResult> {
      const result = await files.save(transcript, base);
      if (result.ok) onSaved(transcript);
      return result;
    },
  };
}
