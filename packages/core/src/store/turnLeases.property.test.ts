import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { type LeaseOp, type LeasePlay, leaseOps, playLeaseWindows } from '../../test/support/leaseWindows';

// The turn lease's states over interleavings of windows starting, running Council turns, renewing their leases as
// time passes, being killed, reopening the thread and pressing Continue (alone or two at once): the rules
// `playLeaseWindows` checks after every step hold whatever the order. The named cases are the interleavings that
// matter most, so they run on every change whatever the generator draws.

describe('turn leases across windows that start, stream, die and reopen', () => {
  ensureNoDisposablesAreLeaked();

  test.each<[string, LeaseOp[], Partial<LeasePlay>]>([
    [
      'a window killed while its answers stream: a reopen finds them cut off, their text kept, and Continue runs the rest',
      [
        { kind: 'send', w: 0 },
        { kind: 'chunk', w: 0 },
        { kind: 'tick', ms: 5_600 },
        { kind: 'kill', w: 0 },
        { kind: 'open' },
      ],
      { cutOffWithText: 1, continuedAtEnd: 'ended' },
    ],
    [
      'killed between the answers and the synthesis: nothing streams, yet the turn is found and continued',
      [
        { kind: 'send', w: 0 },
        { kind: 'finish', w: 0 },
        { kind: 'finish', w: 0 },
        { kind: 'kill', w: 0 },
        { kind: 'open' },
      ],
      { cutOffWithText: 0, continuedAtEnd: 'ended' },
    ],
    [
      'two windows press Continue together: only the first to write runs it',
      [
        { kind: 'open' },
        { kind: 'send', w: 0 },
        { kind: 'chunk', w: 0 },
        { kind: 'stop', w: 0 },
        { kind: 'tick', ms: 1_000 },
        { kind: 'continueTogether' },
      ],
      { raced: 1 },
    ],
    [
      'a window watching another’s long turn never takes it over',
      [
        { kind: 'open' },
        { kind: 'send', w: 0 },
        { kind: 'sync', w: 1 },
        { kind: 'tick', ms: 8_000 },
        { kind: 'chunk', w: 0 },
        { kind: 'tick', ms: 8_000 },
        { kind: 'sync', w: 1 },
        { kind: 'tick', ms: 8_000 },
        { kind: 'continue', w: 1 },
        { kind: 'sync', w: 1 },
      ],
      { continuedAtEnd: 'nothing' },
    ],
  ])('%s', async (_name, ops, expected) => {
    expect(await playLeaseWindows(ops)).toMatchObject({ problems: [], ...expected });
  });

  test('whatever the interleaving: a killed turn is found and continued once; a live one is never taken over', async () => {
    await fc.assert(
      fc.asyncProperty(leaseOps(40), async (ops) => {
        expect((await playLeaseWindows(ops)).problems).toEqual([]);
      }),
      { numRuns: 100 },
    );
  }, 300_000);
});
