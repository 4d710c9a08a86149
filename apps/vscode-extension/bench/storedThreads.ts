import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transcript } from '@roundtable/core';

/**
 * A stored thread as a user's would look: 40 messages of about 500 characters, one a minute apart by thread.
 * `version: 1` writes it in the oldest thread format (what a first start after an upgrade finds).
 */
export function storedThread(i: number, version: 1 | 4 = 4): Omit<Transcript, 'version'> & { version: 1 | 4 } {
  const base = Date.parse('2026-01-01T00:00:00.000Z') + i * 60_000;
  const messages = Array.from({ length: 40 }, (_, seq) => ({
    id: `t${i}-m${seq}`,
    seq,
    role: seq % 2 === 0 ? ('user' as const) : ('assistant' as const),
    speaker: seq % 2 === 0 ? 'user' : 'claude',
    content: `${seq % 2 === 0 ? 'Question' : 'Answer'} ${seq} of thread ${i}: ${'lorem ipsum '.repeat(40)}`,
    status: 'complete' as const,
    createdAt: new Date(base + seq).toISOString(),
  }));
  return {
    version,
    id: `t${i}`,
    title: `Question 0 of thread ${i}`,
    createdAt: new Date(base).toISOString(),
    updatedAt: new Date(base + 40).toISOString(),
    participants: ['claude'],
    messages,
  };
}

/** Writes `count` threads into `<root>/threads`, as the extension stores them. */
export async function writeStoredThreads(root: string, count: number, version: 1 | 4 = 4): Promise<void> {
  await mkdir(join(root, 'threads'), { recursive: true });
  for (let i = 0; i < count; i++) {
    await writeFile(join(root, 'threads', `t${i}.json`), JSON.stringify(storedThread(i, version)));
  }
}
