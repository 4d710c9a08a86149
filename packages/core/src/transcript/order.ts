import type { TurnPlan } from './plan';
import type { Message } from './schema';

/**
 * The one order of a thread's messages, the same in every window: by creation time, then by id.
 *
 * It is a pure function of the messages themselves (never of who saw what first), so two windows that hold the
 * same set of messages show them in the same order. `seq` is not part of it: `seq` is the position in this order,
 * renumbered whenever the set changes.
 *
 * A window appends with `nextCreatedAt`, which is never earlier than any message it has seen, so what a window
 * appends comes after everything it has seen (a reply is always after the message it answers). Two windows
 * appending in the same millisecond are ordered by id.
 */
export function compareMessages(a: Pick<Message, 'createdAt' | 'id'>, b: Pick<Message, 'createdAt' | 'id'>): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The order of a thread's plans, the same in every window: by creation time, then by id. */
export function comparePlans(a: Pick<TurnPlan, 'createdAt' | 'id'>, b: Pick<TurnPlan, 'createdAt' | 'id'>): number {
  return compareMessages(a, b);
}

/**
 * The creation time of a message appended now: the clock, but at least one millisecond after the newest message
 * already in the thread, so a local append always sorts last even when the clock stands still or steps back.
 */
export function nextCreatedAt(now: Date, newest: string | undefined): string {
  const floor = newest === undefined ? Number.NEGATIVE_INFINITY : Date.parse(newest) + 1;
  return new Date(Math.max(now.getTime(), floor)).toISOString();
}

/** Sorts into the thread order and renumbers `seq` from 0. Returns a new array; the messages are copied only when their seq changes. */
export function inThreadOrder(messages: readonly Message[]): Message[] {
  return [...messages].sort(compareMessages).map((m, seq) => (m.seq === seq ? m : { ...m, seq }));
}
