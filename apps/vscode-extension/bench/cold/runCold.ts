import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const here = import.meta.dirname;

/** The cold-start harness: a fresh Node process imports the build's entry and opens a chat view. */
export const COLD_HARNESS = join(here, 'activateCold.mjs');

/** What one cold start measured (see `activateCold.mjs`). */
export interface ColdStart {
  /** The entry's `import`, with everything it imports statically. */
  requireMs: number;
  activateMs: number;
  firstStateMs: number;
  /** To the shown thread's full state (its messages): the first state itself when the thread was read by then. */
  firstTranscriptMs: number;
  processToFirstStateMs: number;
  fetchBeforeFirstState: boolean;
  /** The build's files loaded by the first `view/state` (relative to `dist/`: `extension.js`, `chunks/…`). */
  loadedBeforeFirstState: string[];
}

/** Runs one cold window start in a fresh Node process over `storage`, with `roundtable.*` settings. */
export function runColdStart(
  storage: string,
  settings: Record<string, unknown>,
  /** List the build's files as they load (a module hook: slower, so not for timing). */
  listLoaded = false,
): ColdStart {
  const child = spawnSync(process.execPath, [COLD_HARNESS, join(here, '../../dist'), storage], {
    encoding: 'utf8',
    env: {
      ...process.env,
      ROUNDTABLE_STUB_SETTINGS: JSON.stringify(settings),
      ...(listLoaded ? { ROUNDTABLE_COLD_LOG: '1' } : {}),
    },
    timeout: 30_000,
  });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    throw new Error(`cold start failed (status ${child.status}): ${child.stderr}${child.stdout}`);
  }
  return JSON.parse(line) as ColdStart;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
