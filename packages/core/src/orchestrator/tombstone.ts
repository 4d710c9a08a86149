import type { Message } from '../transcript/schema';

// A message deleted by the user. Apart from the turn's code (how a reply moves on, `replyTransitions.ts`): deleting
// is an intent of the first state, a reply's transitions are not.

/** A tombstone: the message keeps its id and place, loses its content, and is left out of every prompt. */
export function tombstone(m: Message): Message {
  const {
    error: _error,
    usage: _usage,
    contextBlocks: _blocks,
    images: _images,
    synthesis: _s,
    positions: _p,
    cutOff: _c,
    ...rest
  } = m;
  return { ...rest, content: '', status: 'deleted' };
}
