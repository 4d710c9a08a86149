import type { Revision } from '@roundtable/core/store/ports';
import { currentRevision, errorCode, type StorageFs } from './threadFiles';
import { journalPathOf, journalRevisionOf } from './threadJournal';

/** The revision of a thread from its two files' revisions. */
export function threadRevisionOf(base: Revision, journal: string | null): Revision {
  return `${base}|${journal ?? '-'}`;
}

/** The thread's revision now, null when its base file is gone. */
export async function currentThreadRevision(fs: StorageFs, path: string): Promise<Revision | null> {
  const base = await currentRevision(fs, path);
  if (base === null) return null;
  try {
    return threadRevisionOf(base, journalRevisionOf(await fs.stat(journalPathOf(path), { bigint: true })));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return threadRevisionOf(base, null);
    throw error;
  }
}
