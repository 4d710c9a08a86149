import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Orchestrator,
  type ParticipantConfig,
  randomIds,
  setDisposableTracker,
  silentLogger,
  systemClock,
} from '@roundtable/core';
import { DisposableLeakTracker } from '@roundtable/core/testing';
import { resolveProxyEndpoint } from '@roundtable/sidecar';
import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { expect, onTestFinished, test, vi } from 'vitest';
import { createChatBackend } from '../src/proxy/createChatBackend';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';

// A long session with real parts: 500 `@all` turns in a row, three models answering each, through the orchestrator,
// prompt assembly, the streaming client over HTTP to the fake CLIProxyAPI, and thread files on disk. What it checks
// is that the extension host's memory stays flat. A thread's memory legitimately grows with its messages, so the
// session moves to a new thread every 10 turns and lets the old one go, as a user starting new threads does; then
// the heap after turn 500 must be where it was after turn 100 (within a generous bound), and the live disposables
// must be exactly those the session started with. No timing is asserted: the numbers are printed.

const TURNS = 500;
const TURNS_PER_THREAD = 10;
/** Measured once the session is warm (caches filled, the prompt log full), and again at the end. */
const FIRST_MEASURE = 100;
/**
 * Heap growth allowed between the two. Measured: under 1 MB, most of it compiled code; so this is ten times the
 * noise, and still catches anything kept per reply from about 9 KB up (a response body, a socket, a prompt). Less
 * retention (a whole transcript per thread is about 50 KB) is below it; a leaked subscription or lease of any size
 * is caught by the count of live disposables instead.
 */
const MAX_GROWTH_BYTES = 10 * 1024 * 1024;

const seats: ParticipantConfig[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];
const speakers = ['user', ...seats.map((s) => s.id)];

const gc = (globalThis as { gc?: () => void }).gc;

/** The heap once garbage is collected: several passes, with a turn of the event loop between (finalizers). */
async function settledHeap(collect: () => void): Promise<number> {
  for (let i = 0; i < 4; i++) {
    collect();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

test('500 @all turns with three participants keep the heap and the live disposables flat', async ({ skip }) => {
  // vitest.config.mts passes --expose-gc to the workers; without it the heap cannot be measured fairly.
  if (!gc) return skip('the soak needs global.gc: run the worker with --expose-gc (see vitest.config.mts)');
  const collect = gc;
  const started = performance.now();

  const tracker = new DisposableLeakTracker();
  setDisposableTracker(tracker);
  onTestFinished(() => setDisposableTracker(null));

  const proxy: FakeProxy = await startFakeProxy({ chunkDelayMs: 0 });
  onTestFinished(() => proxy.close());
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-soak-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const noDns = async (): Promise<string[]> => {
    throw new Error('tests never ask a DNS server');
  };
  const endpoint = () => resolveProxyEndpoint({ mode: 'external', port: 8317, externalUrl: proxy.url }, noDns);
  const repository = new FileThreadRepository({ root: dir, logger: silentLogger });
  const orchestrator = new Orchestrator({
    repository,
    chat: createChatBackend(endpoint, async () => undefined),
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: seats },
  });
  // Everything written before the folder goes: a save still in flight would recreate files in it.
  onTestFinished(async () => {
    await orchestrator.shutdown();
    orchestrator.dispose();
    repository.dispose();
    await repository.settled(); // a compaction under way
  });
  await orchestrator.store.initialize();
  let baseline = 0;

  /** Ten turns in a new thread, checked, then the thread let go and dropped from memory. */
  const oneThread = async (first: number) => {
    const lease = await orchestrator.newThread();
    const { threadId } = lease;
    try {
      for (let n = first; n < first + TURNS_PER_THREAD; n++) {
        expect(await orchestrator.send(threadId, `@all turn ${n}: one line each, please`)).toEqual({ ok: true });
        await orchestrator.runner.whenIdle(threadId);
      }
      const messages = orchestrator.store.transcript(threadId)?.messages ?? [];
      expect(messages).toHaveLength(TURNS_PER_THREAD * speakers.length);
      expect(messages.filter((m) => m.status !== 'complete' || m.content === '')).toEqual([]);
      expect(messages.map((m) => m.speaker)).toEqual(Array.from({ length: TURNS_PER_THREAD }, () => speakers).flat());
    } finally {
      lease.dispose();
    }
    // Every reply was one request, served to its end (no client left early).
    const replies = proxy.requests.flatMap((r, i) => (r.path === '/v1/chat/completions' ? [i] : []));
    expect(replies).toHaveLength(TURNS_PER_THREAD * seats.length);
    for (const i of replies) expect(await proxy.whenResponseClosed(i)).toBe('finished');
    // The fake proxy records every request it gets; that record is the test's, not the host's memory.
    proxy.requests.length = 0;
    await orchestrator.store.flush();
    await vi.waitFor(() => expect(orchestrator.store.isLoaded(threadId)).toBe(false));
  };

  /** Where the session stands between threads: nothing running, nothing held but what it started with. */
  const measure = async () => {
    expect(orchestrator.runner.busyThreadIds()).toEqual([]);
    expect(tracker.liveCount(), `live disposables now:\n${tracker.report()}`).toBe(baseline);
    return settledHeap(collect);
  };

  // The first thread makes what lives for the session (the reply runner, made when the first turn starts): the
  // count after it is the one every later thread must come back to.
  await oneThread(1);
  baseline = tracker.liveCount();
  for (let n = 1 + TURNS_PER_THREAD; n <= FIRST_MEASURE; n += TURNS_PER_THREAD) await oneThread(n);
  const warm = await measure();
  const warmAt = performance.now();
  for (let n = FIRST_MEASURE + 1; n <= TURNS; n += TURNS_PER_THREAD) await oneThread(n);
  const end = await measure();
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `soak: heap ${mb(warm)} after ${FIRST_MEASURE} turns, ${mb(end)} after ${TURNS} (growth ${mb(end - warm)}); ` +
      `${seconds.toFixed(1)} s in all, ${((performance.now() - warmAt) / (TURNS - FIRST_MEASURE)).toFixed(1)} ms a turn`,
  );
  expect(end - warm).toBeLessThan(MAX_GROWTH_BYTES);

  // What the session wrote: every thread, every turn, every reply complete.
  const stored = await repository.list();
  expect(stored.threads).toHaveLength(TURNS / TURNS_PER_THREAD);
  expect(stored.threads.every((t) => t.messageCount === TURNS_PER_THREAD * speakers.length)).toBe(true);
  expect(stored.unreadable).toEqual([]);

  // And once it ends, nothing it made is left undisposed.
  await orchestrator.shutdown();
  orchestrator.dispose();
  repository.dispose();
  expect(tracker.report()).toBeUndefined();
}, 300_000);
