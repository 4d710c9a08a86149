import { readPositions } from '../council/readPositions';
import { readSynthesis } from '../council/readSynthesis';
import { awaitsReading, isSynthesis, unreadSyntheses } from '../council/synthesisStep';
import type { ThreadStore } from '../store/ThreadStore';
import type { Message } from '../transcript/schema';
import type { PositionsReading, SynthesisReading } from '../transcript/synthesisReading';

/**
 * The reading of a reply that is a council's synthesis and said something (`readSynthesis`), from the thread as the
 * store holds it; undefined for any other reply.
 */
export function synthesisReadingOf(
  store: ThreadStore,
  threadId: string,
  message: Message | undefined,
): SynthesisReading | undefined {
  const transcript = store.transcript(threadId);
  if (!transcript || !message || !isSynthesis(transcript.plans, message) || !/\S/.test(message.content)) return;
  return readSynthesis(transcript, message);
}

/** The reading of a reply that is a dispute round's position and said something (`readPositions`); else undefined. */
export function positionsReadingOf(
  store: ThreadStore,
  threadId: string,
  message: Message | undefined,
): PositionsReading | undefined {
  const transcript = store.transcript(threadId);
  return transcript && message ? readPositions(transcript, message) : undefined;
}

/**
 * The syntheses of an older thread (ended, never read): each read now and stored with it, once. One read meanwhile
 * (here, or in another window and merged in), or changed since (retried, deleted), is left as it is. The thread's
 * time stays as it was: reading changes nothing the user did, so the thread keeps its place in the list.
 */
export function readOlderSyntheses(store: ThreadStore, threadId: string): void {
  const transcript = store.transcript(threadId);
  for (const message of transcript ? unreadSyntheses(transcript) : []) {
    const synthesis = synthesisReadingOf(store, threadId, message);
    if (!synthesis) continue;
    const read = (m: Message) => (awaitsReading(m) && m.content === message.content ? { ...m, synthesis } : m);
    store.update(threadId, message.id, read, 'normal', true);
  }
}
