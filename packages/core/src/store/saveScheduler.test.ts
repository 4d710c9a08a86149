import { describe, expect, test, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock';
import { SAVE_TIMING, SaveScheduler } from './saveScheduler';

function setup(options: { fail?: (threadId: string, n: number) => boolean } = {}) {
  const clock = new FakeClock();
  const start = clock.now().getTime();
  const writes: { threadId: string; at: number }[] = [];
  const errors: string[] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const scheduler = new SaveScheduler(
    clock,
    async (threadId) => {
      writes.push({ threadId, at: clock.now().getTime() - start });
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      if (options.fail?.(threadId, writes.length)) throw new Error('disk full');
    },
    (threadId, error) => errors.push(`${threadId}: ${(error as Error).message}`),
  );
  return {
    clock,
    scheduler,
    writes,
    errors,
    hold: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

/** Lets the scheduler's promise chains run after a timer fired. */
const settle = () => vi.waitFor(() => Promise.resolve());

describe('SaveScheduler', () => {
  test('an urgent change is written within urgentMs', async () => {
    const { clock, scheduler, writes } = setup();
    scheduler.schedule('a', 'urgent');
    clock.advance(SAVE_TIMING.urgentMs - 1);
    expect(writes).toEqual([]);
    clock.advance(1);
    await settle();
    expect(writes).toEqual([{ threadId: 'a', at: SAVE_TIMING.urgentMs }]);
  });

  test('other changes wait for quiet, and an urgent one pulls the write forward', async () => {
    const { clock, scheduler, writes } = setup();
    scheduler.schedule('a', 'normal');
    clock.advance(300);
    scheduler.schedule('a', 'normal');
    clock.advance(499);
    expect(writes).toEqual([]);
    scheduler.schedule('a', 'urgent');
    clock.advance(SAVE_TIMING.urgentMs);
    await settle();
    expect(writes.map((w) => w.at)).toEqual([799 + SAVE_TIMING.urgentMs]);
  });

  test('a steady stream of changes is written at most maxWaitMs after the first one', async () => {
    const { clock, scheduler, writes } = setup();
    for (let t = 0; t < 5_000; t += 100) {
      scheduler.schedule('a', 'normal');
      clock.advance(100);
      await settle();
    }
    expect(writes.length).toBeGreaterThanOrEqual(2);
    expect(writes[0]?.at).toBe(SAVE_TIMING.maxWaitMs);
    // After each write, the next change starts a new maximum wait.
    for (const [i, w] of writes.entries())
      if (i > 0) expect(w.at - (writes[i - 1]?.at ?? 0)).toBeLessThanOrEqual(SAVE_TIMING.maxWaitMs + 100);
  });

  test('timers are per thread: a busy thread never delays another thread’s urgent write', async () => {
    const { clock, scheduler, writes } = setup();
    scheduler.schedule('busy', 'normal');
    clock.advance(10);
    scheduler.schedule('done', 'urgent');
    for (let i = 0; i < 5; i++) {
      scheduler.schedule('busy', 'normal');
      clock.advance(5);
    }
    await settle();
    expect(writes.filter((w) => w.threadId === 'done').map((w) => w.at)).toEqual([10 + SAVE_TIMING.urgentMs]);
    expect(writes.some((w) => w.threadId === 'busy')).toBe(false);
  });

  test('a change made during a write is written by one more write, never lost or overlapped', async () => {
    const { clock, scheduler, writes, hold, release } = setup();
    hold();
    scheduler.schedule('a', 'urgent');
    clock.advance(SAVE_TIMING.urgentMs);
    await settle();
    expect(writes).toHaveLength(1);
    scheduler.schedule('a', 'urgent');
    clock.advance(SAVE_TIMING.urgentMs);
    await settle();
    expect(writes).toHaveLength(1); // still writing: the second waits
    expect(scheduler.isPending('a')).toBe(true);
    release();
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    await vi.waitFor(() => expect(scheduler.isPending('a')).toBe(false));
  });

  test('flush waits for the write a timer started while it waited, not only for the one before', async () => {
    const clock = new FakeClock();
    const gates: (() => void)[] = [];
    let done = 0;
    const scheduler = new SaveScheduler(
      clock,
      async () => {
        await new Promise<void>((resolve) => gates.push(resolve)); // every write waits to be let through
        done += 1;
      },
      () => {},
    );
    scheduler.schedule('a', 'urgent');
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() => expect(gates).toHaveLength(1)); // the first write runs
    scheduler.schedule('a', 'urgent'); // a change during it...
    clock.advance(SAVE_TIMING.urgentMs); // ...whose timer fires while the first write still runs
    let flushed = false;
    const flush = scheduler.flush('a').then(() => (flushed = true));
    gates[0]?.(); // the first write ends; the timer's write starts
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    await settle();
    expect(flushed).toBe(false); // the change is not written yet: flush must still be waiting
    gates[1]?.();
    await flush;
    expect(done).toBe(2);
    expect(scheduler.isPending('a')).toBe(false);
  });

  test('a failed write keeps the thread dirty, reports it, and is tried again later or on flush', async () => {
    const { clock, scheduler, writes, errors } = setup({ fail: (_id, n) => n <= 2 });
    scheduler.schedule('a', 'urgent');
    clock.advance(SAVE_TIMING.urgentMs);
    await vi.waitFor(() => expect(errors).toEqual(['a: disk full']));
    expect(scheduler.isPending('a')).toBe(true);
    // Changes during the back-off do not hammer a failing disk.
    scheduler.schedule('a', 'urgent');
    clock.advance(SAVE_TIMING.urgentMs);
    await settle();
    expect(writes).toHaveLength(1);
    clock.advance((SAVE_TIMING.retryDelaysMs[0] ?? 0) - SAVE_TIMING.urgentMs);
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    await scheduler.flush('a');
    expect(writes).toHaveLength(3);
    expect(scheduler.isPending('a')).toBe(false);
  });

  test('flush writes every pending thread now and waits for it', async () => {
    const { scheduler, writes } = setup();
    scheduler.schedule('a', 'normal');
    scheduler.schedule('b', 'urgent');
    await scheduler.flush();
    expect(writes.map((w) => w.threadId).sort()).toEqual(['a', 'b']);
    await scheduler.flush();
    expect(writes).toHaveLength(2);
  });

  test('dispose cancels every timer', () => {
    const { clock, scheduler } = setup();
    scheduler.schedule('a', 'normal');
    scheduler.schedule('b', 'urgent');
    scheduler.dispose();
    expect(clock.pendingTimers).toBe(0);
  });
});
