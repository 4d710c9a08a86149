// The fuzz tests of parseTranscript on arbitrary values, and on objects with a thread's keys.
//
// parseTranscript reads files from disk, which anything may have written: it must never throw, and what it accepts
// must hold every invariant the rest of core relies on. The invariants are checked here by a checker of the test's
// own (not findInvariantViolation, which is what is under test), over arbitrary values and over the valid fixture
// mutated at random.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { valid } from '../../test/support/transcriptFixture';
import { expectSound } from '../../test/support/transcriptInvariants';
import { anyValue } from '../testing/hostileValues';
import { parseTranscript } from './parseTranscript';
import { TRANSCRIPT_VERSION } from './schema';

describe('parseTranscript on arbitrary values', () => {
  test('never throws, and refuses anything that is not a thread with a readable error', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, fc.jsonValue()), (value) => {
        expect(expectSound(value)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('the same for objects with a thread’s keys but arbitrary values', () => {
    const keys = ['version', 'id', 'title', 'createdAt', 'updatedAt', 'participants', 'messages', 'renamed', 'plans'];
    const version = fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 3.5, -1, '3', Number.MAX_SAFE_INTEGER), anyValue);
    const loose = fc
      .dictionary(fc.constantFrom(...keys), anyValue)
      .chain((rest) => version.map((v) => ({ ...rest, version: v })));
    fc.assert(
      fc.property(loose, (value) => {
        const result = parseTranscript(value);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toMatch(/^(Invalid thread: |Written by a newer Roundtable)/);
        if (!result.ok && result.newer)
          expect(Number.isInteger(value.version) && (value.version as number) > TRANSCRIPT_VERSION).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('a very deep or very wide value is refused, not a stack overflow', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { messages: deep };
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    for (const value of [deep, { ...valid(), messages: [deep] }, { ...valid(), ...wide }, { ...valid(), deep }]) {
      expect(parseTranscript(value).ok).toBe(false);
    }
    // Long text is not a reason to refuse a thread.
    expect(expectSound({ ...valid(), id: 'x'.repeat(1_000_000), title: '\u{1F44B}'.repeat(100_000) })).toBe(true);
  });
});
