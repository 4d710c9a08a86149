import { join } from 'node:path';
import type { Transcript } from '@roundtable/core';
import { realFs } from '../../src/storage/threadFiles';
import { readWholeThread } from '../../src/storage/threadState';

/**
 * A thread as stored under a storage folder, read whole as on load: its base file with its journal replayed.
 * Throws when it does not load, or when a journal line had to be left out.
 */
export async function readStoredThread(root: string, threadId: string): Promise<Transcript> {
  const file = await readWholeThread(realFs, join(root, 'threads', `${threadId}.json`), threadId);
  if (file.kind !== 'ok') throw new Error(`thread ${threadId} does not load: ${file.kind}`);
  if (file.rejected.length > 0) throw new Error(`thread ${threadId}: ${JSON.stringify(file.rejected)}`);
  return file.stored.transcript;
}
