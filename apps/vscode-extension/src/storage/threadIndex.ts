import { ThreadSummary, type UnreadableThread } from '@roundtable/core';
import * as z from 'zod/mini';

/**
 * The thread index: what the thread list needs, in one small file, so the list appears without reading every
 * thread. It is a cache, never the truth: `stamp` is the threads folder's modification time (nanoseconds) when the
 * index was written, and every write into that folder happens under the index lock and updates the index in the
 * same step. So an index whose stamp differs from the folder's is stale (a crash between the two, or a change
 * made by hand) and is rebuilt from the thread files, as is one that is missing or unreadable.
 */
export const INDEX_VERSION = 1;

const Unreadable = z.strictObject({ key: z.string().check(z.minLength(1)), reason: z.string(), setAside: z.boolean() });

export const ThreadIndexFile = z.strictObject({
  version: z.literal(INDEX_VERSION),
  stamp: z.string(),
  threads: z.array(ThreadSummary),
  unreadable: z.array(Unreadable),
});
export type ThreadIndexFile = z.infer<typeof ThreadIndexFile>;

/** The index's content, or undefined when it cannot be trusted at all (then it is rebuilt). */
export function parseThreadIndex(text: string): ThreadIndexFile | undefined {
  try {
    const parsed = ThreadIndexFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function upsertThread(index: ThreadIndexFile, summary: ThreadSummary): ThreadIndexFile {
  const threads = index.threads.filter((t) => t.id !== summary.id);
  threads.push(summary);
  return { ...index, threads };
}

export function removeThread(index: ThreadIndexFile, threadId: string): ThreadIndexFile {
  return { ...index, threads: index.threads.filter((t) => t.id !== threadId) };
}

export function addUnreadable(index: ThreadIndexFile, entry: UnreadableThread): ThreadIndexFile {
  return { ...index, unreadable: [...index.unreadable.filter((u) => u.key !== entry.key), entry] };
}
