import type { Message, Transcript } from '@roundtable/core';

/** A valid thread of about `bytes` as stored (a question and its reply, over and over, 4 KB each), at least two. */
export function bigThread(id: string, bytes: number): Transcript {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const text = 'lorem ipsum '.repeat(330);
  const messages: Message[] = Array.from({ length: Math.max(2, Math.round(bytes / 4_100)) }, (_, seq) => ({
    id: `${id}-m${seq}`,
    seq,
    role: seq % 2 === 0 ? 'user' : 'assistant',
    speaker: seq % 2 === 0 ? 'user' : 'claude',
    content: `${seq}: ${text}`,
    status: 'complete',
    createdAt: new Date(start + seq).toISOString(),
  }));
  const at = new Date(start).toISOString();
  return { version: 7, id, title: '0', createdAt: at, updatedAt: at, participants: ['claude'], messages };
}
