import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskSyncs, SLOW_SYNC_MS, timedSyncFs } from './diskSyncs';

describe('DiskSyncs', () => {
  it('counts the time under a slow flush once, however many overlap, and only inside the window asked', () => {
    const syncs = new DiskSyncs();
    syncs.add(100, 30); // 100-130
    syncs.add(120, 30); // 120-150, overlapping the first
    syncs.add(200, 10); // 200-210
    expect(syncs.waitedBetween(0, 1_000)).toBe(60);
    expect(syncs.waitedBetween(125, 205)).toBe(30);
    expect(syncs.waitedBetween(150, 200)).toBe(0);
  });
});

describe('timedSyncFs', () => {
  it('times each flush of a handle it opened, and reports the slow ones only', async () => {
    // Handles whose flushes take as long as a busy disk's (sync) and an idle one's (datasync).
    const flushes = { sync: SLOW_SYNC_MS * 4, datasync: 0 };
    // An idle disk's flush resolves at once, not after a timer: a 0 ms timer can fire many ms late on a busy machine,
    // which would make the idle flush look slow.
    const wait = (ms: number) =>
      ms === 0 ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, ms));
    const open = (async () => ({
      sync: () => wait(flushes.sync),
      datasync: () => wait(flushes.datasync),
    })) as unknown as typeof import('node:fs/promises').open;
    const reports: number[] = [];
    const fs = timedSyncFs((_start, ms) => reports.push(ms), open);
    const handle = await fs.open('thread.jsonl', 'a');
    await handle.datasync();
    expect(reports).toEqual([]);
    await handle.sync();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeGreaterThanOrEqual(flushes.sync - 1);
  });

  it('opens real files through node:fs by default', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'roundtable-syncs-'));
    try {
      const handle = await timedSyncFs(() => {}).open(join(dir, 'f'), 'w');
      await handle.writeFile('saved');
      await handle.sync();
      await handle.close();
      expect(await readFile(join(dir, 'f'), 'utf8')).toBe('saved');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
