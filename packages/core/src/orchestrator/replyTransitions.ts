import type { ChatError, TokenUsage } from '../llm/types';
import type { Message, Timing, Usage } from '../transcript/schema';
import type { PositionsReading, SynthesisReading } from '../transcript/synthesisReading';

// How a reply's message moves on: started again (retry), told what its prompt left out, ended. Pure.

/** How one reply ended, before it is written. */
export interface Ended {
  status: Message['status'];
  failure?: ChatError;
  usage?: TokenUsage;
  /** Written with the ending; a reply that ended elsewhere keeps its own. */
  timing?: Timing;
  /** Characters sent in its prompt: tokens are estimated from them (and from its text) when the provider says none. */
  promptChars?: number;
  /** A council's synthesis that ended with text: what it says, read (`readSynthesis`). */
  synthesis?: SynthesisReading;
  /** A dispute round's position that ended with text: the positions it took, read (`readPositions`). */
  positions?: PositionsReading;
  /** The server stopped it at the seat's length limit (`finish_reason` `length`, or Gemini's `max_tokens`). */
  cutAtLength?: boolean;
}

/** The reply's message with the count of older messages its prompt left out (none: the field goes). */
export function withLeftOut(m: Message, omitted: number): Message {
  if (m.status !== 'streaming' || (m.leftOut ?? 0) === omitted) return m;
  const { leftOut: _l, ...rest } = m;
  return omitted > 0 ? { ...rest, leftOut: omitted } : rest;
}

/**
 * What Retry runs again: a reply that failed or was stopped, and a synthesis whose ledger could not be read (its text
 * is whole; the step is what did not give what was asked of it).
 */
export function retriable(m: Message): boolean {
  if (m.role !== 'assistant') return false;
  return m.status === 'error' || m.status === 'cancelled' || (m.status === 'complete' && unreadLedger(m));
}

/** A synthesis that ended with text whose ledger was not read (none written, or one that could not be read). */
export function unreadLedger(m: Message): boolean {
  return m.synthesis !== undefined && m.synthesis.claims === undefined;
}

/** A retry: the same message, emptied (what was read of it goes with its text), streaming again as the next attempt. */
export function restart(m: Message): Message {
  if (!retriable(m)) return m;
  const {
    error: _e,
    usage: _u,
    leftOut: _l,
    timing: _t,
    synthesis: _s,
    positions: _p,
    cutOff: _c,
    cutAtLength: _a,
    ...rest
  } = m;
  return { ...rest, content: '', status: 'streaming', attempt: (m.attempt ?? 1) + 1 };
}

/** A streaming reply ended as `ended` says; a reply that already ended elsewhere (a tombstone wins) stays as it is. */
export function withEnding(m: Message, ended: Ended): Message {
  if (m.status !== 'streaming') return m;
  const { error: _e, usage: _u, timing: _t, ...rest } = m;
  const { status, failure, timing, synthesis, positions } = ended;
  const usage = ended.usage ?? estimatedUsage(ended.promptChars, m.content);
  return {
    ...rest,
    status,
    ...(status === 'error' && failure ? { error: failure.message } : {}),
    ...(usage ? { usage } : {}),
    ...(timing ? { timing } : {}),
    ...(synthesis ? { synthesis } : {}),
    ...(positions ? { positions } : {}),
    ...(status === 'complete' && ended.cutAtLength ? { cutAtLength: true as const } : {}),
  };
}

/**
 * Tokens estimated at about four characters each, marked `estimated`, for a reply whose provider reported no usage:
 * only when its prompt was sent (never for a reply that did not start) and something came back.
 */
export function estimatedUsage(promptChars: number | undefined, content: string): Usage | undefined {
  if (promptChars === undefined || content === '') return undefined;
  return { inputTokens: Math.ceil(promptChars / 4), outputTokens: Math.ceil(content.length / 4), estimated: true };
}
