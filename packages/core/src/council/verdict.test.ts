import { describe, expect, test } from 'vitest';
import { verdictOf } from './verdict';

describe('verdictOf', () => {
  test.each([
    ['Verdict: B is right.\n\nReasons…', 'B is right.'],
    ['**Verdict:** A is wrong\nmore', 'A is wrong'],
    ['  verdict：mixed', 'mixed'],
    ['No verdict line here\nsecond', 'No verdict line here'],
    ['', ''],
    [`Verdict: ${'x'.repeat(300)}`, `${'x'.repeat(199)}…`],
  ])('%j gives %j', (text, verdict) => {
    expect(verdictOf(text)).toBe(verdict);
  });
});
