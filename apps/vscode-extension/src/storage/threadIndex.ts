import type { UnreadableThread } from '@roundtable/core/store/ports';
import { ThreadSummary } from '@roundtable/core/transcript/schema';
import { newestFirst } from '@roundtable/core/transcript/threadList';
import * as v from 'valibot';
import { INDEX_VERSION } from './indexVersion';

export { INDEX_VERSION };

/**
 * The thread index: what the thread list needs, in one small file, so the list appears without reading every
 * thread. It is a cache, never the truth: `stamp` is the threads folder's modification time (nanoseconds) when the
 * index was written, and every write into that folder happens under the index lock and updates the index in the
 * same step. So an index whose stamp differs from the folder's is stale (a crash between the two, or a change
 * made by hand) and is rebuilt from the thread files, as is one that is missing or unreadable.
 *
 * Version 2 keeps `threads` newest first (by `updatedAt`, then id), so a window can show the newest thread after
 * checking only the first few entries; the rest are checked after the first state is out. A version 1 index (in
 * the order threads were last saved) is rebuilt once.
 */

const Unreadable = v.strictObject({
  key: v.pipe(v.string(), v.minLength(1)),
  reason: v.string(),
  setAside: v.boolean(),
});

export const ThreadIndexFile = v.strictObject({
  version: v.literal(INDEX_VERSION),
  stamp: v.string(),
  threads: v.array(ThreadSummary),
  unreadable: v.array(Unreadable),
});
export type ThreadIndexFile = v.InferOutput<typeof ThreadIndexFile>;

/** The index with its entries not yet checked: what is cheap to check up front, whatever the thread count. */
const IndexEnvelope = v.strictObject({
  version: v.literal(INDEX_VERSION),
  stamp: v.string(),
  threads: v.array(v.unknown()),
  unreadable: v.array(Unreadable),
});
export type IndexEnvelope = v.InferOutput<typeof IndexEnvelope>;

/** The index's outline (entries unchecked), or undefined when it cannot be trusted at all (then it is rebuilt). */
export function parseIndexEnvelope(text: string): IndexEnvelope | undefined {
  try {
    const parsed = v.safeParse(IndexEnvelope, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** Told of the newest threads as soon as they are known; `complete` when that is the whole index. */
export type TellFirst = (index: ThreadIndexFile, complete: boolean) => void;

/** How many index entries are checked before the newest threads are told of (the rest are checked after). */
const FIRST_ENTRIES = 50;
/** Index entries checked between two turns of the event loop, so checking a long list never blocks it for long. */
const ENTRIES_PER_TURN = 50;

/**
 * Checks an index's entries: the first few, then `first` hears of them, then the rest a slice at a time.
 * Undefined when any entry is bad (then the index is rebuilt).
 */
export async function checkInParts(envelope: IndexEnvelope, first: TellFirst): Promise<ThreadIndexFile | undefined> {
  const entries = envelope.threads;
  const threads = checkEntries(entries, 0, FIRST_ENTRIES);
  if (!threads) return undefined;
  const page = { ...envelope, threads: [...threads] };
  if (entries.length > FIRST_ENTRIES) first(page, false);
  for (let from = FIRST_ENTRIES; from < entries.length; from += ENTRIES_PER_TURN) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const more = checkEntries(entries, from, from + ENTRIES_PER_TURN, threads.at(-1));
    if (!more) return undefined;
    threads.push(...more);
  }
  const index = { ...envelope, threads };
  first(index, true);
  return index;
}

/** Checks `entries[from, to)`; undefined when any is not a summary or they are out of order. */
export function checkEntries(
  entries: readonly unknown[],
  from: number,
  to: number,
  previous?: ThreadSummary,
): ThreadSummary[] | undefined {
  const checked: ThreadSummary[] = [];
  let before = previous;
  for (let i = from; i < Math.min(to, entries.length); i++) {
    const parsed = v.safeParse(ThreadSummary, entries[i]);
    if (!parsed.success || (before && newestFirst(before, parsed.output) > 0)) return undefined;
    checked.push(parsed.output);
    before = parsed.output;
  }
  return checked;
}

/** The whole index, checked at once: for tests and tools, not for the activation path. */
export function parseThreadIndex(text: string): ThreadIndexFile | undefined {
  const envelope = parseIndexEnvelope(text);
  const threads = envelope && checkEntries(envelope.threads, 0, envelope.threads.length);
  return envelope && threads ? { ...envelope, threads } : undefined;
}

/** Puts a thread's summary in its place in the order (replacing its old one). */
export function upsertThread(index: ThreadIndexFile, summary: ThreadSummary): ThreadIndexFile {
  const threads = index.threads.filter((t) => t.id !== summary.id);
  const at = threads.findIndex((t) => newestFirst(summary, t) < 0);
  threads.splice(at === -1 ? threads.length : at, 0, summary);
  return { ...index, threads };
}

export function removeThread(index: ThreadIndexFile, threadId: string): ThreadIndexFile {
  return { ...index, threads: index.threads.filter((t) => t.id !== threadId) };
}

export function addUnreadable(index: ThreadIndexFile, entry: UnreadableThread): ThreadIndexFile {
  return { ...index, unreadable: [...index.unreadable.filter((u) => u.key !== entry.key), entry] };
}
