// The fuzz tests of parseTranscript on random mutations of the valid fixture, and an upgrade they found.
//
// parseTranscript reads files from disk, which anything may have written: it must never throw, and what it accepts
// must hold every invariant the rest of core relies on. The invariants are checked here by a checker of the test's
// own (not findInvariantViolation, which is what is under test), over arbitrary values and over the valid fixture
// mutated at random.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { beforeV3, valid } from '../../test/support/transcriptFixture';
import { brokenInvariants, expectSound } from '../../test/support/transcriptInvariants';
import { mutant, mutate, pathsOf } from '../../test/support/transcriptMutants';
import { parseTranscript } from './parseTranscript';
import { TranscriptShape } from './schema';

describe('parseTranscript on mutations of a valid thread', () => {
  test('the fixture itself is sound', () => {
    expect(brokenInvariants(valid())).toEqual([]);
    expect(expectSound(valid())).toBe(true);
  });

  test('never throws; what it accepts holds every invariant and reads back the same', () => {
    let accepted = 0;
    fc.assert(
      fc.property(mutant, (thread) => {
        if (expectSound(thread)) accepted++;
      }),
      { numRuns: 300 },
    );
    // Enough mutants are still threads for the acceptance half of the property to mean something. About one in 13
    // is (12 to 30 of 300 across seeds, mean about 22, standard deviation about 4.6); at most 5 would take a broken
    // generator, or a chance below one in 100,000. (It said more than 15 before: one seed in 15 or so fell under.)
    expect(accepted).toBeGreaterThan(5);
  });

  test('what it refuses breaks something the checker also sees, when the shape is right', () => {
    // The other direction, as far as an independent check can tell: a mutant of the right shape that the checker
    // finds sound must be accepted (the checker covers every invariant parseTranscript documents for version 3).
    fc.assert(
      fc.property(mutant, (thread) => {
        const shape = v.safeParse(TranscriptShape, thread);
        if (!shape.success) return;
        expect(parseTranscript(thread).ok).toBe(brokenInvariants(shape.output).length === 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('an upgrade that would not read back (the round trip above, minimised)', () => {
  /** The fixture as a version 1 file, its last message at `createdAt`. */
  function version1(createdAt: string) {
    const { messages, ...rest } = beforeV3();
    return {
      ...rest,
      version: 1,
      messages: messages.map((m, i) => (i === messages.length - 1 ? { ...m, createdAt } : m)),
    };
  }

  test('a version 1 time late on the last day of 9999 in a zone behind UTC is refused', () => {
    // In UTC it is already the year 10000: the upgrade used to write it as "+010000-01-01T23:58:59.999Z", which no
    // thread may hold, so the upgraded thread was refused as soon as it was read again.
    const result = parseTranscript(version1('9999-12-31T23:59:59.999-23:59'));
    expect(result).toEqual({ ok: false, error: expect.stringContaining('messages[6].createdAt') });
  });

  test('so is a version 1 file whose tied times would be raised past the end of 9999', () => {
    const file = version1('9999-12-31T23:59:59.999Z');
    file.messages = file.messages.map((m) => ({ ...m, createdAt: '9999-12-31T23:59:59.999Z' }));
    expect(parseTranscript(file)).toEqual({ ok: false, error: expect.stringContaining('messages[1].createdAt') });
  });

  test('the last instant of 9999 itself still upgrades, and reads back', () => {
    expect(expectSound(version1('9999-12-31T23:59:59.999Z'))).toBe(true);
  });
});

describe('the mutator itself', () => {
  test('survives a messages array given its own constructor by an earlier mutation (a seed CI found)', () => {
    const root = structuredClone(valid()) as unknown as Record<string, unknown>;
    const path = pathsOf(root).findIndex((p) => p.length === 1 && p[0] === 'messages');
    mutate(root, { kind: 'special', path, key: 'constructor', value: 1 });
    expect(Object.hasOwn(root.messages as object, 'constructor')).toBe(true);
    for (const kind of ['duplicate', 'swap', 'sort'] as const) {
      expect(() => mutate(root, { kind, message: 0, at: 0, a: 0, b: 1 } as never)).not.toThrow();
    }
    expect(() => parseTranscript(root)).not.toThrow();
  });
});
