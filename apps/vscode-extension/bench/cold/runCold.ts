import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const here = import.meta.dirname;

/** What one cold start measured (see `activateCold.cjs`). */
export interface ColdStart {
  requireMs: number;
  activateMs: number;
  firstStateMs: number;
  processToFirstStateMs: number;
  fetchBeforeFirstState: boolean;
  managedBeforeFirstState: boolean;
  turnsBeforeFirstState: boolean;
  upkeepBeforeFirstState: boolean;
}

/** Runs one cold window start in a fresh Node process over `storage`, with `roundtable.*` settings. */
export function runColdStart(storage: string, settings: Record<string, unknown>): ColdStart {
  const child = spawnSync(process.execPath, [join(here, 'activateCold.cjs'), join(here, '../../dist'), storage], {
    encoding: 'utf8',
    env: { ...process.env, ROUNDTABLE_STUB_SETTINGS: JSON.stringify(settings) },
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
