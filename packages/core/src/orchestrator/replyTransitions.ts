import type { ChatError, TokenUsage } from '../llm/types';
import type { Message } from '../transcript/schema';

// How a reply's message moves on: started again (retry), told what its prompt left out, ended. Pure.

/** How one reply ended, before it is written. */
export interface Ended {
  status: Message['status'];
  failure?: ChatError;
  usage?: TokenUsage;
}

/** The reply's message with the count of older messages its prompt left out (none: the field goes). */
export function withLeftOut(m: Message, omitted: number): Message {
  if (m.status !== 'streaming' || (m.leftOut ?? 0) === omitted) return m;
  const { leftOut: _l, ...rest } = m;
  return omitted > 0 ? { ...rest, leftOut: omitted } : rest;
}

/** A retry: the same message, emptied, streaming again as the next attempt. */
export function restart(m: Message): Message {
  if (m.role !== 'assistant' || (m.status !== 'error' && m.status !== 'cancelled')) return m;
  const { error: _e, usage: _u, leftOut: _l, ...rest } = m;
  return { ...rest, content: '', status: 'streaming', attempt: (m.attempt ?? 1) + 1 };
}

/** A streaming reply ended as `ended` says; a reply that already ended elsewhere (a tombstone wins) stays as it is. */
export function withEnding(m: Message, ended: Ended): Message {
  if (m.status !== 'streaming') return m;
  const { error: _e, usage: _u, ...rest } = m;
  const { status, failure, usage } = ended;
  return {
    ...rest,
    status,
    ...(status === 'error' && failure ? { error: failure.message } : {}),
    ...(usage ? { usage } : {}),
  };
}
