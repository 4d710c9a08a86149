import type { Transcript } from '../transcript/schema';
import type { Revision, ThreadRepository } from './ports';
import type { ThreadDocument } from './ThreadDocument';

/** A thread in memory and the revision of its stored copy that it already contains (null: never stored). */
export interface StoredCopy {
  doc: ThreadDocument;
  revision: Revision | null;
}

/** How many times a save may meet another window's write in a row before it is reported and retried later. */
const MAX_CONFLICT_ROUNDS = 8;

/**
 * Saves a thread based on the revision it contains. When another window wrote meanwhile, its copy is merged in
 * (`absorb`) and the save is tried again on top of it, so nothing either window wrote is lost. Returns `deleted`
 * when the stored thread was deleted meanwhile (deletion wins: nothing is written). A blank new thread is not
 * written at all. `proceed`, when given, is asked again after each merge: false withdraws the save (`withdrawn`,
 * nothing written), for a change that only holds if nobody wrote another first (taking a turn's lease). Throws on
 * I/O errors, a refused write, and a thread that kept changing.
 */
export async function saveMerging(
  repository: ThreadRepository,
  copy: StoredCopy,
  absorb: (other: Transcript) => void,
  proceed: () => boolean = () => true,
): Promise<'saved' | 'deleted' | 'withdrawn'> {
  for (let round = 0; round < MAX_CONFLICT_ROUNDS; round++) {
    if (copy.doc.isBlank && copy.revision === null) return 'saved';
    const result = await repository.save(copy.doc.toPersistable(), copy.revision);
    if (result.ok) {
      copy.revision = result.revision;
      return 'saved';
    }
    if (result.kind === 'deleted') return 'deleted';
    if (result.kind === 'refused') throw new Error(result.reason);
    absorb(result.current);
    copy.revision = result.revision;
    if (!proceed()) return 'withdrawn';
  }
  throw new Error('The thread kept changing on disk while it was being saved.');
}

/**
 * Takes what is stored now into a loaded thread: `unchanged` when it already contains that revision, `merged`,
 * `deleted` when the stored thread is gone (and was stored before), or `unreadable` (then `revision` is reset, so
 * the next save writes this copy anew).
 */
export async function reloadMerging(
  repository: ThreadRepository,
  threadId: string,
  copy: StoredCopy,
  absorb: (other: Transcript) => void,
): Promise<'unchanged' | 'merged' | 'deleted' | 'unreadable'> {
  const result = await repository.load(threadId);
  if (result.ok) {
    if (result.revision === copy.revision) return 'unchanged';
    absorb(result.transcript);
    copy.revision = result.revision;
    return 'merged';
  }
  if (result.kind === 'missing') return copy.revision === null ? 'unchanged' : 'deleted';
  copy.revision = null;
  return 'unreadable';
}
