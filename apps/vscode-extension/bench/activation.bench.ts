import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { writeStoredThreads } from './storedThreads';
import { viewOnDisk } from './viewOnDisk';

// `pnpm bench`: from a window starting up to its view's first full state, with 0, 100 and 1,000 stored threads
// (40 messages each). What activation does with the disk: read the index, open the newest thread. Goal: at most
// 50 ms with 1,000 threads, about flat from 0 to 1,000.

const COUNTS = [0, 100, 1_000] as const;
const roots = new Map<number, string>();

beforeAll(async () => {
  for (const count of COUNTS) {
    const root = await mkdtemp(join(tmpdir(), `roundtable-bench-${count}-`));
    await writeStoredThreads(root, count);
    await new FileThreadRepository({ root, logger: silentLogger }).list(); // the index, as a previous session left it
    roots.set(count, root);
  }
});

afterAll(async () => {
  for (const root of roots.values()) await rm(root, { recursive: true, force: true });
});

/** One window start: composition as in `activate`, then the page's `view/ready`, until the first state is posted. */
async function activateToFirstState(root: string): Promise<void> {
  const window = viewOnDisk(root);
  await window.view.receive({ v: 2, type: 'view/ready', payload: {} });
  if (window.posted[0]?.type !== 'view/state') throw new Error('no first state');
  window.dispose();
}

describe('activation to the first state', () => {
  for (const count of COUNTS) {
    bench(`${count.toLocaleString('en-US')} stored threads`, async () => {
      await activateToFirstState(roots.get(count) ?? '');
    });
  }
});
