import fc from 'fast-check';

// The steps of `playLeaseWindows`: windows opening the thread, sending, streaming, finishing, stopping, being killed,
// hearing each other's writes, pressing Continue (alone or two at once), and time passing. `w` picks a live window.

export type LeaseOp =
  | { kind: 'open' }
  | { kind: 'send'; w: number }
  | { kind: 'chunk'; w: number }
  | { kind: 'finish'; w: number }
  | { kind: 'stop'; w: number }
  | { kind: 'kill'; w: number }
  | { kind: 'sync'; w: number }
  | { kind: 'continue'; w: number }
  /** Two windows press Continue at once, before either hears of the other's write. */
  | { kind: 'continueTogether' }
  | { kind: 'tick'; ms: number };

export function leaseOps(max: number): fc.Arbitrary<LeaseOp[]> {
  const w = fc.nat(3);
  return fc.array(
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<LeaseOp>({ kind: 'open' }) },
      { weight: 3, arbitrary: w.map((i): LeaseOp => ({ kind: 'send', w: i })) },
      { weight: 5, arbitrary: w.map((i): LeaseOp => ({ kind: 'chunk', w: i })) },
      { weight: 4, arbitrary: w.map((i): LeaseOp => ({ kind: 'finish', w: i })) },
      { weight: 2, arbitrary: w.map((i): LeaseOp => ({ kind: 'stop', w: i })) },
      { weight: 2, arbitrary: w.map((i): LeaseOp => ({ kind: 'kill', w: i })) },
      { weight: 3, arbitrary: w.map((i): LeaseOp => ({ kind: 'sync', w: i })) },
      { weight: 2, arbitrary: w.map((i): LeaseOp => ({ kind: 'continue', w: i })) },
      { weight: 2, arbitrary: fc.constant<LeaseOp>({ kind: 'continueTogether' }) },
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 8_000 }).map((ms): LeaseOp => ({ kind: 'tick', ms })) },
    ),
    { minLength: 1, maxLength: max },
  );
}
