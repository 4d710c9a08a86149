import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { upkeepCode } from '../src/storage/upkeepCode';
import { type ColdStart, median, runColdStart } from './cold/runCold';
import { writeStoredThreads } from './storedThreads';

// `pnpm bench`: what a user feels when a window opens. Each sample is a fresh Node process that requires the built
// dist/extension.js (against a stubbed `vscode`), activates it, opens the chat view and sends the page's
// `view/ready` at once; the figure is from `activate()` to the first `view/state`. Goals: at most 50 ms, about
// flat from 0 to 1,000 stored threads; after an upgrade (1,000 threads in the oldest format, no index) the first
// state within 100 ms while the list fills in behind it. External mode, as the measure was first taken, and the
// default managed mode (its binary path points nowhere, so nothing is downloaded or run).

const EXTERNAL = { 'sidecar.mode': 'external' };
const MANAGED = { 'sidecar.mode': 'managed', 'sidecar.binaryPath': '/nonexistent/cli-proxy-api' };
const cases = [
  { name: 'external, 0 threads', count: 0, settings: EXTERNAL, goal: 50 },
  { name: 'external, 100 threads', count: 100, settings: EXTERNAL, goal: 50 },
  { name: 'external, 1,000 threads', count: 1_000, settings: EXTERNAL, goal: 50 },
  { name: 'managed, 1,000 threads', count: 1_000, settings: MANAGED, goal: 50 },
  {
    name: 'after an upgrade: 1,000 format-1 threads, no index',
    count: 1_000,
    settings: EXTERNAL,
    goal: 100,
    upgrade: true,
  },
] as const;
const roots = new Map<string, string>();
const samples = new Map<string, ColdStart[]>();

beforeAll(async () => {
  for (const c of cases) {
    const root = await mkdtemp(join(tmpdir(), 'roundtable-cold-'));
    await writeStoredThreads(root, c.count, 'upgrade' in c ? 1 : 4);
    if (!('upgrade' in c))
      await new FileThreadRepository({ root, logger: silentLogger, upkeep: () => upkeepCode }).list(); // the index
    roots.set(c.name, root);
  }
});

afterAll(async () => {
  const rows = cases.map((c) => {
    const runs = samples.get(c.name) ?? [];
    const first = median(runs.map((r) => r.firstStateMs));
    return {
      case: c.name,
      'require ms': median(runs.map((r) => r.requireMs)).toFixed(1),
      'activate() ms': median(runs.map((r) => r.activateMs)).toFixed(1),
      'to first state ms': first.toFixed(1),
      goal: `≤ ${c.goal} ms ${first <= c.goal ? 'met' : 'MISSED'}`,
      'fetch/managed.js before it': `${runs.some((r) => r.fetchBeforeFirstState)}/${runs.some((r) => r.managedBeforeFirstState)}`,
    };
  });
  console.log('\nCold activation (median of each case; a fresh process per sample):');
  console.table(rows);
  for (const root of roots.values()) await rm(root, { recursive: true, force: true });
});

describe('cold process: activate() to the first view state', () => {
  for (const c of cases) {
    bench(
      c.name,
      async () => {
        const root = roots.get(c.name) ?? '';
        // An upgrade is a first start: no index yet (each sample starts from the same disk).
        if ('upgrade' in c) await rm(join(root, 'thread-index.json'), { force: true });
        const run = runColdStart(root, c.settings);
        samples.set(c.name, [...(samples.get(c.name) ?? []), run]);
      },
      { iterations: 7, time: 0, warmupIterations: 1, warmupTime: 0 },
    );
  }
});
