import { afterEach, describe, expect, test, vi } from 'vitest';
import { AfterFirstState } from './AfterFirstState';

afterEach(() => {
  vi.useRealTimers();
});

describe('AfterFirstState', () => {
  test('work waits for the first state, then runs once, in order, after the post', async () => {
    vi.useFakeTimers();
    const gate = new AfterFirstState(1_500);
    const ran: string[] = [];
    gate.run(() => ran.push('a'));
    gate.run(() => ran.push('b'));
    gate.firstStatePosted();
    expect(ran).toEqual([]); // not in the same turn as the post
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(['a', 'b']);
    gate.firstStatePosted();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ran).toEqual(['a', 'b']);
    gate.run(() => ran.push('c')); // late work runs at once
    expect(ran).toEqual(['a', 'b', 'c']);
    gate.dispose();
  });

  test('a window whose chat view never opens runs the work after the fallback delay', async () => {
    vi.useFakeTimers();
    const gate = new AfterFirstState(1_500);
    const work = vi.fn();
    gate.run(work);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
    gate.dispose();
  });

  test('disposed first, nothing runs', async () => {
    vi.useFakeTimers();
    const gate = new AfterFirstState(1_500);
    const work = vi.fn();
    gate.run(work);
    gate.dispose();
    gate.firstStatePosted();
    gate.run(work);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).not.toHaveBeenCalled();
  });
});
