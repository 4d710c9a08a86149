import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { seededRandom } from '@roundtable/core/testing';
import { describe, expect, test } from 'vitest';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { bigThread } from './support/bigThread';
import { useStoreWorker } from './support/bundle';
import { readStoredThread } from './support/storedThread';
import { startTurns } from './support/turnsRun';

// A child process saving back-to-back turns through the real file adapter, on threads of several megabytes that
// keep growing, is killed with SIGKILL at random moments, again and again, on the same folder (so each run also
// recovers from the last one's leftovers: a held lock, temp files, a journal line cut short, a compaction cut
// short; the child compacts at random moments too). After every kill: every thread loads whole (base file and
// journal) with no line left out, and no completed message is missing.
//
// It runs on its own, after every other suite has finished (the `test` script and turbo.json order it): its margin
// measures one window's saves, not a machine busy with other test files' processes and browsers.

const KILLS = 30;
/** Every this many kills, the kill waits for a compaction to start and lands in it. */
const COMPACTION_KILL_EVERY = 5;
/**
 * A message reported complete this long before the kill must be on disk: a save costs what changed, so a completed
 * message is written within a few milliseconds (the save's 5 ms batching delay and one fsynced journal line)
 * whatever the thread's size. Time the worker was starved of the CPU meanwhile (another process had it: the
 * worker's heartbeats came late without its own work to explain it) does not count. Messages reported durable
 * (their save returned) must be there whatever the timing.
 */
const COMPLETED_MARGIN_MS = 50;
/** The threads the runs start from, of about these many bytes, growing by this much per reply. */
const BIG_THREAD_BYTES = [2_500_000, 2_500_000];
const REPLY_CHARS = 8_000;
/**
 * How long a run may take to save once after the last kill before that counts as blocked. It is a bound on a
 * condition waited for, not a speed goal: a lock or temp file left by a kill is recovered at once when its owner
 * is dead, so only something left for good gets near it.
 */
const PROGRESS_WITHIN_MS = 20_000;

const worker = useStoreWorker('roundtable-crash-');

/** Every message id stored with its status; throws if a thread does not load whole or anything was set aside. */
async function readStored(): Promise<Map<string, string>> {
  const dir = join(worker.root, 'threads');
  const names = await readdir(dir);
  const setAside = names.filter((n) => n.includes('.corrupt-'));
  if (setAside.length > 0) throw new Error(`files were set aside as corrupt: ${setAside.join(', ')}`);
  const stored = new Map<string, string>();
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const transcript = await readStoredThread(worker.root, name.replace(/\.json$/, ''));
    for (const m of transcript.messages) stored.set(m.id, m.status);
  }
  return stored;
}

describe('saving turns while being killed', () => {
  // Retried (with a new seed) only because a busy machine's disk can stall an fsync past 50 ms now and then (time
  // without the CPU is allowed for; waiting on the disk cannot be told apart from a slow save): a save that costs
  // the whole thread (about 150 ms at a few megabytes) loses messages on every attempt.
  test(`${KILLS} SIGKILLs at random moments, some in compactions: no corrupt file, no completed message lost`, {
    timeout: 180_000,
    retry: 2,
  }, async () => {
    const seed = Number(process.env.ROUNDTABLE_CRASH_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    // The big threads as a previous session left them: a base file and an empty journal each.
    const seeding = new FileThreadRepository({ root: worker.root, logger: silentLogger });
    for (const [i, bytes] of BIG_THREAD_BYTES.entries()) await seeding.save(bigThread(`big${i}`, bytes), null);
    seeding.dispose();
    await seeding.settled();
    const durable = new Map<string, number>();
    // A save that fails (a lock left by a killed run that is never recovered, say) is a failure of its own.
    const problems: string[] = [];
    let killedInCompaction = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const durableBefore = durable.size;
      // Completions are judged against the kill of the run that reported them.
      const run = startTurns(worker.script, worker.root, REPLY_CHARS, durable);
      const { completed, beats } = run;
      await run.ready;
      // Every other run first saves something: nothing the last kill left behind (a lock, a temp file) blocks saving.
      // The others may be killed at any moment, their first save included.
      if (kill % 2 === 1) {
        await expect
          .poll(() => durable.size, { timeout: PROGRESS_WITHIN_MS, interval: 5 })
          .toBeGreaterThan(durableBefore)
          .catch(() => {
            throw new Error(`kill ${kill + 1} of ${KILLS} (seed ${seed}): no progress after the last kill`);
          });
      }
      if (kill % COMPACTION_KILL_EVERY === COMPACTION_KILL_EVERY - 1) {
        // Into a compaction: a moment after one starts, while the fresh base is being written or renamed.
        await run.nextCompaction();
        await new Promise((resolve) => setTimeout(resolve, random() * 60));
      } else {
        const lifetime = 50 + random() * 450;
        await new Promise((resolve) => setTimeout(resolve, lifetime));
      }
      if (run.compacting()) killedInCompaction++;
      const killedAt = Date.now();
      run.child.kill('SIGKILL');
      await run.exited;
      const context = `kill ${kill + 1} of ${KILLS} (seed ${seed})`;
      const stored = await readStored().catch((error: Error) => {
        throw new Error(`${context}: ${error.message}`);
      });
      problems.push(...run.problems);
      const lostDurable = [...durable.keys()].filter((id) => !stored.has(id));
      expect(lostDurable, `${context}: messages whose save had returned`).toEqual([]);
      const lostCompleted = [...completed]
        .filter(
          ([id, at]) =>
            at < killedAt - COMPLETED_MARGIN_MS - beats.starvedSince(at) &&
            (!stored.has(id) || stored.get(id) === 'streaming'),
        )
        .map(
          ([id, at]) => `${id}, completed ${killedAt - at} ms before the kill (starved ${beats.starvedSince(at)} ms)`,
        );
      expect(lostCompleted, `${context}: messages completed over ${COMPLETED_MARGIN_MS} ms before the kill`).toEqual(
        [],
      );
    }
    expect(problems).toEqual([]);
    // The kills meant to land in a compaction did (a compaction reported started and not finished); a few may miss
    // (a small journal folds in a few milliseconds).
    expect(killedInCompaction).toBeGreaterThanOrEqual(KILLS / COMPACTION_KILL_EVERY / 2);
    // The runs did real work: many messages completed and were written, and the threads grew past their start.
    expect(durable.size).toBeGreaterThan(KILLS * 4);
    for (const [i, bytes] of BIG_THREAD_BYTES.entries()) {
      expect(JSON.stringify(await readStoredThread(worker.root, `big${i}`)).length).toBeGreaterThan(bytes);
    }
  });
});
