import { spendRecordOf } from '../store/threadSpend';
import { plainTitle } from './plainTitle';
import type { Message, Stamped, ThreadSummary, Transcript } from './schema';
import { UNTITLED_THREAD } from './threadList';

/**
 * A thread's derived title: its first user message that is not deleted, as plain words (`plainTitle`). Derived,
 * never stored on its own, so deleting that message moves the title on to the next one in every window (unless the
 * user renamed the thread: see `threadTitle`).
 */
export function deriveTitle(messages: readonly Message[]): string {
  const first = messages.find((m) => m.role === 'user' && m.status !== 'deleted' && m.content.trim() !== '');
  return first ? plainTitle(first.content, UNTITLED_THREAD) : UNTITLED_THREAD;
}

/** A thread's title: the one the user gave it, else the one derived from its messages. */
export function threadTitle(renamed: Stamped<string> | undefined, messages: readonly Message[]): string {
  return renamed?.value ?? deriveTitle(messages);
}

/** What the thread list and the index keep of a thread (its spend always, `{}` when none: see docs/spending.md). */
export function summarize(t: Transcript): ThreadSummary {
  return {
    id: t.id,
    title: t.title,
    updatedAt: t.updatedAt,
    messageCount: t.messages.reduce((n, m) => (m.status === 'deleted' ? n : n + 1), 0),
    participants: [...t.participants],
    spend: spendRecordOf(t.messages),
  };
}
