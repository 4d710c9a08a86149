import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transcript } from '@roundtable/core';
import type { FileThreadRepository } from '../../src/storage/FileThreadRepository';

/** `t` with `count` more replies (`<id>-r<n>`), each a millisecond after the last message. */
export function withReplies(t: Transcript, count: number, prefix = 'r'): Transcript {
  const last = Date.parse(t.messages.at(-1)?.createdAt ?? t.createdAt);
  const replies = Array.from({ length: count }, (_, i) => ({
    id: `${t.id}-${prefix}${t.messages.length + i}`,
    seq: t.messages.length + i,
    role: 'assistant' as const,
    speaker: 'claude',
    content: `reply ${prefix}${t.messages.length + i}`,
    status: 'complete' as const,
    createdAt: new Date(last + 1 + i).toISOString(),
  }));
  const messages = [...t.messages, ...replies];
  return { ...t, messages, updatedAt: messages.at(-1)?.createdAt ?? t.updatedAt };
}

/** Saves `t` on `base` and returns the new revision; fails the test on anything but success. */
export async function savedOn(repository: FileThreadRepository, t: Transcript, base: string | null): Promise<string> {
  const result = await repository.save(t, base);
  if (!result.ok) throw new Error(`save refused: ${result.kind}`);
  return result.revision;
}

/** The text of a thread's journal ('' when there is none) and its base file's inode. */
export async function filesOf(threadsDir: string, id: string): Promise<{ journal: string; baseInode: number }> {
  const journal = await readFile(join(threadsDir, `${id}.journal`), 'utf8').catch(() => '');
  return { journal, baseInode: (await stat(join(threadsDir, `${id}.json`))).ino };
}
