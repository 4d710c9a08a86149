import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isMarkAlone, letterOf, markOf, positionOf } from './replyWords';

const KNOWN = new Set(['A', 'B', 'C']);

describe('letterOf: which response a key names', () => {
  test.each([
    ['A', 'A'],
    ['b', 'B'],
    ['Response A', 'A'],
    ['response_b', 'B'],
    ['RESPONSE-C', 'C'],
    ['Resp. A', 'A'],
    ['resp b', 'B'],
    ['**A**', 'A'],
    ['(C)', 'C'],
    ['`Response B`', 'B'],
  ])('%j is %j', (key, letter) => {
    expect(letterOf(key, KNOWN)).toBe(letter);
  });

  test.each(['D', 'Response D', 'claim', 'for', 'AB', 'Answer A', 'Responses A', '', 'Response'])(
    '%j names no response of the plan',
    (key) => {
      expect(letterOf(key, KNOWN)).toBeUndefined();
    },
  );
});

describe('markOf: a mark in a model’s words', () => {
  test.each([
    ['supported', 'supported'],
    ['Supported.', 'supported'],
    ['agrees', 'supported'],
    ['Agree', 'supported'],
    ['yes', 'supported'],
    ['✓', 'supported'],
    ['✅', 'supported'],
    ['true', 'supported'],
    ['**Supported** (cites the docs)', 'supported'],
    ['disputed', 'disputed'],
    ['disagrees', 'disputed'],
    ['No', 'disputed'],
    ['✗', 'disputed'],
    ['❌', 'disputed'],
    ['false', 'disputed'],
    ['contradicts', 'disputed'],
    ['Disputed — says it is safe', 'disputed'],
    ['not_addressed', 'not addressed'],
    ['Not-Addressed', 'not addressed'],
    ['n/a', 'not addressed'],
    ['N/A', 'not addressed'],
    ['na', 'not addressed'],
    ['none', 'not addressed'],
    ['-', 'not addressed'],
    ['–', 'not addressed'],
    ['—', 'not addressed'],
    ['not mentioned', 'not addressed'],
    ['silent', 'not addressed'],
  ])('%j is %j', (said, mark) => {
    expect(markOf(said)).toBe(mark);
  });

  // A ledger's mark is one of three, none partial: a partial one is left out, never rounded to a side.
  test.each([
    'partially',
    'Partial',
    'mixed',
    'somewhat',
    'partially supported',
    'not supported',
    'maybe',
    '?',
    '',
    'x',
  ])('%j is no mark', (said) => {
    expect(markOf(said)).toBeUndefined();
  });

  test('a mark alone is all read; a mark with an explanation is read, but not all of it', () => {
    expect(['Supported', '**n/a**', '✓', 'not_addressed'].map(isMarkAlone)).toEqual([true, true, true, true]);
    expect(['Supported (cites the docs)', 'no, it is not', 'partially', ''].map(isMarkAlone)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  test('a position is a mark that holds or rejects; not addressed is none', () => {
    expect(positionOf('holds')).toBe('supported');
    expect(positionOf('rejects')).toBe('disputed');
    expect(positionOf('n/a')).toBeUndefined();
    expect(positionOf('partially')).toBeUndefined();
  });

  test('a word with none of the marks’ words in it is never read as a mark', () => {
    const vocabulary =
      /support|agree|yes|true|hold|correct|disput|disagree|no|false|contradict|reject|refut|incorrect|address|mention|stated|silent|n\/?a|[-–—✓✔✅👍✗✘❌👎]/iu;
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (said) => {
        fc.pre(!vocabulary.test(said));
        expect(markOf(said)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});
