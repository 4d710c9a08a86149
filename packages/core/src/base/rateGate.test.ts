import { describe, expect, test } from 'vitest';
import { FakeClock } from '../testing/FakeClock';
import { RateGate, truncateText } from './rateGate';

describe('RateGate', () => {
  test('lets max through in any window, counts what it drops, and lets more through as the window slides', () => {
    const clock = new FakeClock();
    const gate = new RateGate(clock, 3, 1_000);
    expect([gate.admit(), gate.admit(), gate.admit(), gate.admit(), gate.admit()]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(gate.takeDropped()).toBe(2);
    expect(gate.takeDropped()).toBe(0);
    clock.advance(999);
    expect(gate.admit()).toBe(false);
    clock.advance(1);
    expect([gate.admit(), gate.admit(), gate.admit(), gate.admit()]).toEqual([true, true, true, false]);
  });

  test('10,000 attempts in a burst pass max, whatever the rate', () => {
    const gate = new RateGate(new FakeClock(), 200, 10_000);
    let passed = 0;
    for (let i = 0; i < 10_000; i++) if (gate.admit()) passed++;
    expect(passed).toBe(200);
    expect(gate.takeDropped()).toBe(9_800);
  });
});

describe('truncateText', () => {
  test.each([
    ['short text as it is', 'abc', 5, 'abc'],
    ['exactly the bound as it is', 'abcde', 5, 'abcde'],
    ['longer text cut, saying how much more', 'abcdefgh', 5, 'abcde… (3 more characters)'],
    ['never half of a surrogate pair', 'abcd😀xyz', 5, 'abcd… (5 more characters)'],
  ])('%s', (_name, text, max, expected) => {
    expect(truncateText(text, max)).toBe(expected);
  });
});
