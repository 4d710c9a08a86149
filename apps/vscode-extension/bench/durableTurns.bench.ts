import { silentLogger } from '@roundtable/core';
import { afterAll, bench, describe } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { bigThread } from '../test/support/bigThread';
import { useStoreWorker } from '../test/support/bundle';
import { completionToDurable, quantile, startTurns } from '../test/support/turnsRun';

// `pnpm bench`: from a message completing to a save holding it having returned (fsynced), while a window's turns
// come back to back, in a process of its own (the store worker: the real store and file repository, a fake model,
// replies of 8 KB, compactions at random moments), on threads of 8 MB. Goal: at most 50 ms at the 99th percentile,
// on a busy 2-core machine. Time the worker was kept off the CPU by other processes is printed beside it: on a
// loaded machine it explains a tail the storage did not cause.

const GOAL_P99_MS = 50;
const THREADS = 2;
const THREAD_BYTES = 8_000_000;
const REPLY_CHARS = 8_000;
const RUN_MS = 15_000;

const worker = useStoreWorker('roundtable-durable-bench-');
const results: { times: number[]; starved: number }[] = [];

afterAll(() => {
  const times = results.flatMap((r) => r.times);
  const p99 = quantile(times, 0.99);
  console.log(
    `Completed to durable under back-to-back turns (${THREADS} threads of ${THREAD_BYTES / 1e6} MB): ` +
      `p50 ${quantile(times, 0.5)} ms, p95 ${quantile(times, 0.95)} ms, p99 ${p99} ms, slowest ` +
      `${quantile(times, 1)} ms, of ${times.length} messages; the worker was starved of the CPU for ` +
      `${results.reduce((sum, r) => sum + r.starved, 0)} ms. Goal: p99 at most ${GOAL_P99_MS} ms ` +
      `${p99 <= GOAL_P99_MS ? 'met' : 'MISSED'}.`,
  );
});

describe('a completed message under back-to-back turns, to disk', () => {
  bench(
    `p99 (goal: at most ${GOAL_P99_MS} ms)`,
    async () => {
      const seeding = new FileThreadRepository({ root: worker.root, logger: silentLogger });
      for (let i = 0; i < THREADS; i++) await seeding.save(bigThread(`big${i}`, THREAD_BYTES), null);
      seeding.dispose();
      await seeding.settled();
      const run = startTurns(worker.script, worker.root, REPLY_CHARS);
      await run.ready;
      const from = Date.now();
      await new Promise((resolve) => setTimeout(resolve, RUN_MS));
      run.child.kill('SIGKILL');
      await run.exited;
      if (run.problems.length > 0) throw new Error(`saves failed: ${run.problems.join('; ')}`);
      results.push({ times: completionToDurable(run), starved: run.beats.starvedSince(from) });
    },
    { iterations: 1, time: 0, warmupIterations: 0 },
  );
});
