import { describe, expect, test } from 'vitest';
import { labelledVerdict, verdictOf } from './verdict';

describe('verdictOf', () => {
  test.each([
    ['Verdict: B is right.\n\nReasons…', 'B is right.'],
    ['**Verdict:** A is wrong\nmore', 'A is wrong'],
    ['  verdict：mixed', 'mixed'],
    ['No verdict line here\nsecond', 'No verdict line here'],
    ['', ''],
    [`Verdict: ${'x'.repeat(300)}`, `${'x'.repeat(199)}…`],
    ['**Verdict** - B is right.\nmore', 'B is right.'],
    ['Verdict — A is wrong', 'A is wrong'],
    ['## Verdict\nResponse B is right.\n\n## Reasons', 'Response B is right.'],
    ['**Verdict:**\n\nA holds up.', 'A holds up.'],
    ['Overall verdict: both are right', 'both are right'],
    ['**Final Verdict**: C', 'C'],
    ['# Review\n\nVerdict: B is right.', 'B is right.'],
    ['Verdicts differ here\nsecond', 'Verdicts differ here'],
    ['The verdict: none yet', 'The verdict: none yet'],
  ])('%j gives %j', (text, verdict) => {
    expect(verdictOf(text)).toBe(verdict);
  });
});

describe('labelledVerdict', () => {
  test('only a labelled verdict is read; a review without one has none, and its first line stands in', () => {
    expect(labelledVerdict('Response A is right.\nVerdict: B')).toBe('B');
    expect(labelledVerdict('Response A is right.\nMore.')).toBeUndefined();
    expect(labelledVerdict('## Verdict')).toBeUndefined();
    // Only the first lines are looked at: a verdict deep in the review is no opening verdict.
    expect(labelledVerdict(`${'line\n'.repeat(20)}Verdict: late`)).toBeUndefined();
  });

  test('a review of a megabyte on one line is read at once', () => {
    const started = performance.now();
    // A line that long is no label: it is shown as the first line, cut.
    expect(verdictOf(`Verdict: ${' '.repeat(1_000_000)}x`)).toHaveLength(200);
    expect(verdictOf(`Verdict: ${' '.repeat(1_000)}x`)).toBe('x');
    expect(labelledVerdict(`**${'*'.repeat(100_000)}`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
