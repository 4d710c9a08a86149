import type { Event } from '../base/event';
import type { ThreadSummary, Transcript } from '../transcript/schema';

/**
 * What a stored thread was when it was last read or written: opaque, compared only for equality. A save names the
 * revision it was based on, so a write made meanwhile by another window is noticed instead of overwritten.
 */
export type Revision = string;

/** A thread file that cannot be used. It stays in the list (marked) so the user can find it. */
export interface UnreadableThread {
  /** Stable within the folder: the file name. Used as the list entry's id. */
  key: string;
  /** Why it cannot be read, in one line. */
  reason: string;
  /** True when it was renamed aside (`*.corrupt-*.json`) and is never read again. */
  setAside: boolean;
}

export interface StoredThreadList {
  threads: ThreadSummary[];
  unreadable: UnreadableThread[];
}

/** The newest part of the stored list, read first, and the whole list once it has been read (`rest`). */
export interface FirstStoredThreads extends StoredThreadList {
  /** The whole list, when the first part is not all of it; it may take seconds (a first start after an upgrade). */
  rest?: Promise<StoredThreadList>;
}

export type LoadResult =
  | { ok: true; transcript: Transcript; revision: Revision }
  | { ok: false; kind: 'missing' }
  | { ok: false; kind: 'unreadable'; reason: string };

export type SaveResult =
  | { ok: true; revision: Revision }
  /** Someone else wrote since `base`: here is what is stored now. Merge it and save again on `revision`. */
  | { ok: false; kind: 'conflict'; current: Transcript; revision: Revision }
  /** The thread was deleted since `base` (by another window or by hand). Deletion wins. */
  | { ok: false; kind: 'deleted' }
  /** What is stored must not be overwritten (e.g. a newer Roundtable wrote it). */
  | { ok: false; kind: 'refused'; reason: string };

/** Threads whose stored copy changed by someone else's hand (another window, a sync tool, the user). */
export interface StoredThreadsChange {
  threadIds: readonly string[];
  /** Files were added or removed, or something unknown changed: re-read the list. */
  listChanged: boolean;
}

/**
 * Where threads live. The host implements it over files; `MemoryThreadRepository` (testing) over a map. Every method
 * may throw an I/O error; conflicts and deletions are results, not errors.
 *
 * Contract: `save` compares and writes as one step that no other writer (in this process or another) can come
 * between, and a crash leaves either the old or the new copy, never a torn one.
 */
export interface ThreadRepository {
  /** Summaries of every stored thread and the unreadable files, without loading the threads. */
  list(): Promise<StoredThreadList>;
  /**
   * At start: the newest threads as soon as they are known, the rest to follow. Its cost must not grow with the
   * number of stored threads, so a window's first state does not either. Without it the store starts from `list`.
   */
  listFirst?(): Promise<FirstStoredThreads>;
  load(threadId: string): Promise<LoadResult>;
  /** Writes `transcript` if what is stored is still `base` (`null`: nothing stored yet). */
  save(transcript: Transcript, base: Revision | null): Promise<SaveResult>;
  /** Removes a stored thread; deleting one that is not stored is not an error. */
  delete(threadId: string): Promise<void>;
  /** Changes made by someone else; never fired for this repository's own writes. */
  readonly onDidChangeStored: Event<StoredThreadsChange>;
  /**
   * Writes what the repository put off after its saves returned (e.g. the list's summaries, which are a cache: the
   * saves themselves were durable already). Called by the store's `flush` (deactivation).
   */
  flush?(): Promise<void>;
}
