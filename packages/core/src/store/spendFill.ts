import { errorMessage } from '../base/errors';
import type { Logger } from '../ports';
import type { Transcript } from '../transcript/schema';
import { SPEND_BUCKET_MS, SPEND_KEPT_BUCKETS } from './spendRecord';
import type { ReadonlyCatalog } from './ThreadCatalog';
import type { ThreadStore } from './ThreadStore';
import { spendRecordOf } from './threadSpend';

/** How far back a thread's last change can be and its seats' spend still count today or in the last 5 hours. */
export const SPEND_RECENT_MS = SPEND_KEPT_BUCKETS * SPEND_BUCKET_MS;

/**
 * Gives a spend record to each listed thread changed in the 30 hours before `now` (ms) whose index entry has none (an
 * older build wrote it), read from the thread itself. Only those are read: a thread not changed since cannot have spent since, so what
 * this costs grows with recent threads, never with stored ones. One that cannot be read is logged and left out; the
 * others are still filled. Returns how many were filled.
 */
export async function fillMissingSpend(
  catalog: ReadonlyCatalog,
  read: (threadId: string) => Promise<Transcript | undefined>,
  now: number,
  logger: Logger,
): Promise<number> {
  const since = now - SPEND_RECENT_MS;
  let filled = 0;
  for (const summary of catalog.list()) {
    if (Date.parse(summary.updatedAt) < since) break; // newest first: the rest changed earlier still
    if (summary.spend) continue;
    try {
      const transcript = await read(summary.id);
      if (!transcript) continue;
      catalog.fillSpend(summary.id, spendRecordOf(transcript.messages));
      filled++;
    } catch (error) {
      logger.warn(`Could not read thread ${summary.id} for what its seats spent: ${errorMessage(error)}`);
    }
  }
  return filled;
}

/** Each store's fill, started by the first view that opens: once per store, however many views it has. */
const fills = new WeakMap<ThreadStore, Promise<number>>();

/**
 * Once per store, after the whole list is known: a spend record for each thread changed in the last 30 hours whose
 * index entry has none (`fillMissingSpend`). Resolves with how many were read; never rejects.
 */
export function fillStoreSpend(store: ThreadStore, now: number, logger: Logger): Promise<number> {
  let filled = fills.get(store);
  if (!filled) {
    filled = store.listComplete().then(() => fillMissingSpend(store.catalog, (id) => store.peek(id), now, logger));
    fills.set(store, filled);
  }
  return filled;
}
