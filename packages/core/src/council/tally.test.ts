import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { tallyOf } from './tally';

describe('tallyOf', () => {
  test('three of three: unanimous, with the majority', () => {
    expect(tallyOf({ answers: { claude: '4', gpt: '4', gemini: '4' } })).toEqual({
      groups: [{ answer: '4', seats: ['claude', 'gpt', 'gemini'] }],
      voters: 3,
      majority: '4',
      unanimous: true,
    });
  });

  test('two of three: the majority, and the dissenting seat in a group of its own', () => {
    const tally = tallyOf({ answers: { gemini: '5', claude: '4', gpt: '4' } }, ['claude', 'gpt', 'gemini']);
    expect(tally.groups).toEqual([
      { answer: '4', seats: ['claude', 'gpt'] },
      { answer: '5', seats: ['gemini'] },
    ]);
    expect(tally.majority).toBe('4');
    expect(tally.unanimous).toBe(false);
  });

  test('a split with no answer given by more than half has no majority', () => {
    expect(tallyOf({ answers: { a: '1', b: '2' } }).majority).toBeUndefined();
    expect(tallyOf({ answers: { a: '1', b: '1', c: '2', d: '2' } }).majority).toBeUndefined();
    expect(tallyOf({ answers: { a: '1', b: '2', c: '3' } }).majority).toBeUndefined();
  });

  test('every seat is counted once, and the majority is exactly an answer more than half gave', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.constantFrom('1', '2', '3')),
        (answers) => {
          const tally = tallyOf({ answers });
          const seats = tally.groups.flatMap((g) => g.seats);
          expect(seats.sort()).toEqual(Object.keys(answers).sort());
          const counts = tally.groups.map((g) => g.seats.length);
          expect(counts).toEqual([...counts].sort((x, y) => y - x));
          const over = tally.groups.filter((g) => g.seats.length * 2 > seats.length).map((g) => g.answer);
          expect(tally.majority).toBe(over[0]);
        },
      ),
    );
  });
});
