import * as fs from 'node:fs/promises';
import type { StorageFs } from '../../src/storage/threadFiles';

/** A sync shorter than this is the disk keeping up: not reported, so the reports cost nothing while it does. */
export const SLOW_SYNC_MS = 5;

/**
 * `node:fs/promises` whose file handles time each flush to disk (`sync`, `datasync`) and report the slow ones (start,
 * epoch ms, and duration). A save returns only once its line is flushed, and the next save of the thread waits behind
 * it: on a disk busy with other work a flush can take tens of ms while the process has the CPU and nothing else to do.
 */
export function timedSyncFs(report: (start: number, ms: number) => void, open: typeof fs.open = fs.open): StorageFs {
  const timed = async (flush: () => Promise<void>) => {
    const start = Date.now();
    try {
      await flush();
    } finally {
      const ms = Date.now() - start;
      if (ms >= SLOW_SYNC_MS) report(start, ms);
    }
  };
  return {
    ...fs,
    open: (async (...args: Parameters<typeof fs.open>) => {
      const handle = await open(...args);
      const sync = handle.sync.bind(handle);
      const datasync = handle.datasync.bind(handle);
      handle.sync = () => timed(sync);
      handle.datasync = () => timed(datasync);
      return handle;
    }) as typeof fs.open,
  };
}

/**
 * The slow flushes a child process reported, to tell how long it waited on the disk: the time covered by at least
 * one flush under way (flushes of several threads overlap; that time counts once).
 */
export class DiskSyncs {
  private readonly spans: { start: number; end: number }[] = [];

  add(start: number, ms: number): void {
    this.spans.push({ start, end: start + ms });
  }

  /** Milliseconds from `from` to `to` during which a slow flush was under way. */
  waitedBetween(from: number, to: number): number {
    const clipped = this.spans
      .map((s) => ({ start: Math.max(s.start, from), end: Math.min(s.end, to) }))
      .filter((s) => s.end > s.start)
      .sort((a, b) => a.start - b.start);
    let waited = 0;
    let reached = from;
    for (const span of clipped) {
      const start = Math.max(span.start, reached);
      if (span.end > start) waited += span.end - start;
      reached = Math.max(reached, span.end);
    }
    return waited;
  }
}
