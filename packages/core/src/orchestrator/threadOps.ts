import type { Message, Transcript } from '../transcript/schema';
import { TRANSCRIPT_VERSION } from '../transcript/schema';

/** Pure helpers that return a new transcript; the orchestrator never mutates one in place. */

export const UNTITLED_THREAD = 'New thread';
const TITLE_MAX_CHARS = 60;

export function createTranscript(id: string, participants: string[], now: Date): Transcript {
  const at = now.toISOString();
  return {
    version: TRANSCRIPT_VERSION,
    id,
    title: UNTITLED_THREAD,
    createdAt: at,
    updatedAt: at,
    participants,
    messages: [],
  };
}

/** Appends a message with the next seq; the caller supplies everything else. */
export function appendMessage(t: Transcript, message: Omit<Message, 'seq'>, now: Date): Transcript {
  const seq = t.messages.length;
  return { ...t, updatedAt: now.toISOString(), messages: [...t.messages, { ...message, seq }] };
}

export function updateMessage(
  t: Transcript,
  messageId: string,
  change: (m: Message) => Message,
  now?: Date,
): Transcript {
  let found = false;
  const messages = t.messages.map((m) => {
    if (m.id !== messageId) return m;
    found = true;
    return change(m);
  });
  if (!found) return t;
  return { ...t, ...(now ? { updatedAt: now.toISOString() } : {}), messages };
}

export function withParticipant(t: Transcript, participantId: string): Transcript {
  return t.participants.includes(participantId) ? t : { ...t, participants: [...t.participants, participantId] };
}

/** The first line of the first user message, shortened: threads get a readable name without asking. */
export function deriveTitle(t: Transcript): string {
  if (t.title !== UNTITLED_THREAD) return t.title;
  const first = t.messages.find((m) => m.role === 'user' && m.content.trim() !== '');
  if (!first) return t.title;
  const line = first.content.trim().split('\n')[0]?.trim() ?? '';
  return line.length > TITLE_MAX_CHARS ? `${line.slice(0, TITLE_MAX_CHARS - 1)}…` : line || t.title;
}

/**
 * What goes to disk: everything but a reply still streaming. Streaming messages are always the newest (turns are
 * sequential and a send is refused while one runs), so dropping them keeps `seq` gap-free.
 */
export function toPersistable(t: Transcript): Transcript {
  const firstStreaming = t.messages.findIndex((m) => m.status === 'streaming');
  if (firstStreaming === -1) return t;
  return { ...t, messages: t.messages.slice(0, firstStreaming) };
}

/** A tombstone: the message keeps its id and seq, loses its content, and is left out of every prompt. */
export function tombstone(m: Message): Message {
  const { error: _error, usage: _usage, contextBlocks: _blocks, ...rest } = m;
  return { ...rest, content: '', status: 'deleted' };
}
