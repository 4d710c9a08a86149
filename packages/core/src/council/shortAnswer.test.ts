import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_SHORT_ANSWER_CHARS, normalAnswer, statedAnswer } from './shortAnswer';

describe('normalAnswer', () => {
  test.each([
    // numbers
    ['42', '42'],
    ['42.', '42'],
    ['1,000', '1000'],
    ['1 000 000', '1000000'],
    ['$42.50', '42.5'],
    ['-3.0', '-3'],
    ['−7', '-7'],
    ['1.5e3', '1500'],
    ['1/2', '0.5'],
    ['42%', '42%'],
    ['four', '4'],
    ['Twelve apples', '12'],
    ['18 dollars', '18'],
    // A single letter after a number is no unit: "1 c" is what a program printed.
    ['1 c', '1 c'],
    ['3 52', '3 52'],
    ['0.1', '0.1'],
    ['**42**', '42'],
    ['`42`', '42'],
    // yes and no
    ['Yes', 'yes'],
    ['yes.', 'yes'],
    ['No, because the list is empty', 'no'],
    ['True', 'yes'],
    ['false', 'no'],
    ['No one', 'no one'],
    ['Norway', 'norway'],
    // choices
    ['B', 'B'],
    ['(c)', 'C'],
    ['B) the second', 'B'],
    ['Option D', 'D'],
    ['choice (a)', 'A'],
    ['b', 'B'],
    ['A. It halts', 'A'],
    // code output: unwrapped, lines joined
    // Punctuation at the end goes whatever the wording, so `Hello, World!` and Hello, World. are one vote.
    ['```\nHello, World!\n```', 'hello, world'],
    ['```text\n1\n2\n3\n```', '1 2 3'],
    ['`[1, 2, 3]`', '[1, 2, 3]'],
    // names and phrases
    ['The Eiffel Tower.', 'eiffel tower'],
    ['"Paris"', 'paris'],
    ['  Ada   Lovelace ', 'ada lovelace'],
    ['the the cat', 'cat'],
  ])('%j is %j', (raw, normal) => {
    expect(normalAnswer(raw)).toBe(normal);
  });

  test('two wordings of one answer are one vote; different answers are not', () => {
    expect(normalAnswer('1,024')).toBe(normalAnswer('1024.0'));
    expect(normalAnswer('Yes.')).toBe(normalAnswer('TRUE'));
    expect(normalAnswer('(B)')).toBe(normalAnswer('Option b'));
    expect(normalAnswer('42')).not.toBe(normalAnswer('41'));
    expect(normalAnswer('yes')).not.toBe(normalAnswer('no'));
  });

  test('nothing, or more than a short answer, has no normal form', () => {
    expect(normalAnswer('')).toBeUndefined();
    expect(normalAnswer('  .  ')).toBeUndefined();
    expect(normalAnswer('x'.repeat(MAX_SHORT_ANSWER_CHARS + 1))).toBeUndefined();
  });

  test('a normal form is its own normal form, and any text gives one or none without throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('42', '1,000', 'Yes, it is', '(B)', 'the answer', '`x`', '```\na\nb\n```', 'four', '3/4'),
          fc
            .tuple(fc.constantFrom('', '$', '-', '**'), fc.double({ noNaN: true }), fc.constantFrom('', '%', ' km'))
            .map(([a, n, b]) => `${a}${n}${b}`),
        ),
        (raw) => {
          const normal = normalAnswer(raw);
          if (normal !== undefined) expect(normalAnswer(normal)).toBe(normal);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('statedAnswer', () => {
  test.each([
    ['The list is empty, so it prints nothing.\n\nAnswer: 42', '42'],
    ['Reasoning…\n**Final answer:** B', 'B'],
    ['- Answer: yes', 'yes'],
    ['### Answer: Paris', 'Paris'],
    ['We get \\boxed{17} in the end.', '17'],
    ['Answer:\n\n```\nhello\n```\n', 'hello'],
    ['Answer:\nseven', 'seven'],
    ['Answer: 1\nsome words\nAnswer: 2', '2'],
    ['**Final Answer**: 42', '42'],
    ['**Final Answer:** 42', '42'],
    ['Answer - B', 'B'],
    ['answer — yes', 'yes'],
    ['ANSWER: 12', '12'],
    ['## Final Answer\n\nParis', 'Paris'],
    ['**Answer**\n7', '7'],
    ['The final answer is 17.', '17.'],
    ['**The final answer is 42**', '42**'],
    ['$$\\boxed{\\frac{1}{2}}$$', '\\frac{1}{2}'],
    ['```json\n{"answer": "B"}\n```', 'B'],
    ['{\n  "reasoning": "sum",\n  "answer": 4,\n}', '4'],
    ["{'final_answer': true}", 'true'],
    ['Answer: 3\n```json\n{"answer": 4}\n```', '3'],
  ])('%j states %j', (text, stated) => {
    expect(statedAnswer(text)).toBe(stated);
  });

  test('a reply with no answer line states none', () => {
    expect(statedAnswer('It depends on what you mean by fast.')).toBeUndefined();
    expect(statedAnswer('The answer is complicated.')).toBeUndefined();
    expect(statedAnswer(`Answer: ${'x'.repeat(500)}`)).toBeUndefined();
    // Only a statement of the final answer: a sentence about "the answer", a word run on after the label, or an
    // "answers" list (the chair's ledger) states none.
    expect(statedAnswer('The answer is 42, I think.')).toBeUndefined();
    expect(statedAnswer('Answers differ: 41 or 42')).toBeUndefined();
    expect(statedAnswer('Answering - that takes time')).toBeUndefined();
    expect(statedAnswer('{"answers": {"A": "42"}}')).toBeUndefined();
    expect(statedAnswer('{"answer": {"value": 42}}')).toBeUndefined();
    expect(statedAnswer('\\boxed{}')).toBeUndefined();
  });

  test('never throws, and what it states is in the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), (text) => {
        const stated = statedAnswer(text);
        if (stated !== undefined && !/^(?:true|false|-?\d)/.test(stated)) expect(text).toContain(stated);
      }),
      { numRuns: 1000 },
    );
  });

  test('reads a megabyte of text in one pass', () => {
    const text = `${'Answer is near. '.repeat(70_000)}\nAnswer: 9`;
    expect(statedAnswer(text)).toBe('9');
  });
});
