import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, silentLogger, type Transcript } from '@roundtable/core';
import { afterEach, beforeEach } from 'vitest';
import { FileThreadRepository } from '../../src/storage/FileThreadRepository';
import type { countingFs } from './countingFs';

/** The clock of set-aside file names in these tests. */
export const fixedNow = () => new Date('2026-03-04T05:06:07.089Z');

/** A valid two-message thread. */
export function thread(id: string, content = 'hello', updatedAt = '2026-03-01T10:00:00.000Z'): Transcript {
  const at = '2026-03-01T10:00:00.000Z';
  return {
    version: 7,
    id,
    title: content,
    createdAt: at,
    updatedAt,
    participants: ['claude'],
    messages: [
      { id: `${id}-0`, seq: 0, role: 'user', speaker: 'user', content, status: 'complete', createdAt: at },
      {
        id: `${id}-1`,
        seq: 1,
        role: 'assistant',
        speaker: 'claude',
        content: 'hi',
        status: 'complete',
        createdAt: '2026-03-01T10:00:00.001Z',
      },
    ],
  };
}

/** Saves a new thread and returns its revision; fails the test if the save is refused. */
export async function saved(repository: FileThreadRepository, t: Transcript): Promise<string> {
  const result = await repository.save(t, null);
  if (!result.ok) throw new Error(`save refused: ${result.kind}`);
  return result.revision;
}

/**
 * A fresh global-storage folder per test (removed after it), and repositories over it. Call at the top of a test
 * file; read `root` and `threadsDir` inside tests.
 */
export function useStorageFolder() {
  const folder = {
    root: '',
    threadsDir: '',
    repos: [] as FileThreadRepository[],
    repo(options: { logger?: Logger; fs?: ReturnType<typeof countingFs>['fs'] } = {}) {
      const repository = new FileThreadRepository({
        root: folder.root,
        logger: options.logger ?? silentLogger,
        now: fixedNow,
        ...options,
      });
      folder.repos.push(repository);
      return repository;
    },
  };
  beforeEach(async () => {
    folder.root = await mkdtemp(join(tmpdir(), 'roundtable-threads-'));
    folder.threadsDir = join(folder.root, 'threads');
  });
  afterEach(async () => {
    // Background work (a compaction, the index's summaries) must not write into a folder being removed.
    for (const repository of folder.repos.splice(0)) {
      repository.dispose();
      await repository.settled();
    }
    await rm(folder.root, { recursive: true, force: true });
  });
  return folder;
}
