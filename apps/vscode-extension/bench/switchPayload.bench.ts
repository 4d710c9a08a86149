import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { writeStoredThreads } from './storedThreads';
import { viewOnDisk } from './viewOnDisk';

// `pnpm bench`: what a thread switch sends to the page with 1,000 stored threads (40 messages of ~500 characters
// each): the thread, not the list, which travels on its own. Goal: at most 30 KB. The time is the switch itself
// (open the thread from disk, build and post its state).

const COUNT = 1_000;
const GOAL_BYTES = 30 * 1024;
let root = '';
const sizes: number[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'roundtable-switch-'));
  await writeStoredThreads(root, COUNT);
  await new FileThreadRepository({ root, logger: silentLogger }).list();
});

afterAll(async () => {
  const bytes = Math.max(...sizes);
  console.log(
    `\nThread switch at ${COUNT.toLocaleString('en-US')} threads: ${(bytes / 1024).toFixed(1)} KB posted ` +
      `(goal ≤ ${GOAL_BYTES / 1024} KB: ${bytes <= GOAL_BYTES ? 'met' : 'MISSED'})`,
  );
  await rm(root, { recursive: true, force: true });
});

describe('thread switch', () => {
  bench(`switch at ${COUNT.toLocaleString('en-US')} stored threads`, async () => {
    const window = viewOnDisk(root);
    await window.view.receive({ v: 2, type: 'view/ready', payload: {} });
    await window.orchestrator.store.listComplete(); // the list's own messages are not the switch's
    const before = window.posted.length;
    const result = await window.view.openThread(`t${Math.floor(Math.random() * (COUNT - 1))}`);
    if (!result.ok) throw new Error(result.reason);
    sizes.push(window.posted.slice(before).reduce((n, m) => n + Buffer.byteLength(JSON.stringify(m)), 0));
    window.dispose();
  });
});
