import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { host } from '../../../budgets';
import { chunkOf, readChunkGraph, sizeOf, staticClosure } from '../../../size/readChunkGraph';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { type ColdStart, median, runColdStart } from './cold/runCold';
import { writeStoredThreads } from './storedThreads';

// `pnpm bench`: what a user feels when a window opens. Each sample is a fresh Node process that imports the built
// dist/extension.js (an ES module, against a stubbed `vscode`), activates it, opens the chat view and sends the page's
// `view/ready` at once; the figure is from `activate()` to the first `view/state` (the newest thread's shell: the
// list is read, no thread), and beside it to the thread's full state (its messages). Goals: at most 50 ms, about
// flat from 0 to 1,000 stored threads; after an upgrade (1,000 threads in the oldest format, no index) the first
// state within 100 ms while the list fills in behind it. External mode, as the measure was first taken, and the
// default managed mode (its binary path points nowhere, so nothing is downloaded or run).

/** The entry's `import`, with everything it imports statically, in a cold process. */
const IMPORT_GOAL_MS = 20;
const FLAT_GOAL = 1.3;
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
    if (!('upgrade' in c)) await new FileThreadRepository({ root, logger: silentLogger }).list(); // the index
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
      'to first transcript ms': median(runs.map((r) => r.firstTranscriptMs)).toFixed(1),
      goal: `≤ ${c.goal} ms ${first <= c.goal ? 'met' : 'MISSED'}`,
      'import goal': `≤ ${IMPORT_GOAL_MS} ms ${median(runs.map((r) => r.requireMs)) <= IMPORT_GOAL_MS ? 'met' : 'MISSED'}`,
      'fetch before it': runs.some((r) => r.fetchBeforeFirstState),
    };
  });
  console.log('\nCold activation (median of each case; a fresh process per sample):');
  console.table(rows);
  // The first state must not grow with the threads stored: at 1,000 at most 1.3 times the figure at 100.
  const at = (name: string) => median((samples.get(name) ?? []).map((r) => r.firstStateMs));
  const ratio = at('external, 1,000 threads') / at('external, 100 threads');
  console.log(
    `1,000 threads / 100 threads: ${ratio.toFixed(2)}x (goal ≤ ${FLAT_GOAL}x: ${ratio <= FLAT_GOAL ? 'met' : 'MISSED'})`,
  );
  // What those starts loaded: the entry and its static imports, against the budget table's line (which the budget
  // test enforces).
  const dist = join(import.meta.dirname, '../dist');
  const graph = readChunkGraph(dist);
  const first = sizeOf(dist, staticClosure(graph, [chunkOf(graph, host.entry)]));
  const budget = host.moments['first chat state'];
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `first chat state loads ${kib(first.raw)} (${kib(first.gzip)} gzip); budget ${kib(budget?.raw ?? 0)}: ${first.raw <= (budget?.raw ?? 0) ? 'met' : 'MISSED'}`,
  );
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
