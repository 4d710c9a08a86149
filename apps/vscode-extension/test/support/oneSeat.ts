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

/** A real orchestrator over `repository` with one seat, Claude, answered by `chat`, as `activate` composes it. */
export function oneSeatOrchestrator(repository: ThreadRepository, chat: ChatBackend): Orchestrator {
  return new Orchestrator({
    repository,
    chat,
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: {
      ...DEFAULT_ORCHESTRATOR_SETTINGS,
      participants: [{ id: 'claude', displayName: 'Claude', color: '#D97706', model: 'fake', enabled: true }],
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
