import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseLedger } from './ledger';

// The forms models write a ledger in besides the `ledger` block its prompt asks for. Each case below read as `none` or
// `malformed` before these forms were read.

const LETTERS = ['A', 'B', 'C'];
const JSON_LEDGER = '{"claims": [{"claim": "xs can be empty", "A": "supported", "B": "disputed"}]}';
const READ = { claim: 'xs can be empty', marks: { A: 'supported', B: 'disputed' } };

describe('parseLedger reads the ledger under any fence, or none', () => {
  test.each([
    ['a `json` fence', `Guard it.\n\`\`\`json\n${JSON_LEDGER}\n\`\`\``],
    ['a `JSON` fence', `Guard it.\n\`\`\`JSON\n${JSON_LEDGER}\n\`\`\``],
    ['a `jsonc` fence', `Guard it.\n\`\`\`jsonc\n${JSON_LEDGER}\n\`\`\``],
    ['a `json5` fence', `Guard it.\n\`\`\`json5\n${JSON_LEDGER}\n\`\`\``],
    ['a fence with no label', `Guard it.\n\`\`\`\n${JSON_LEDGER}\n\`\`\``],
    ['a `~~~` fence', `Guard it.\n~~~\n${JSON_LEDGER}\n~~~`],
    ['no fence, in prose', `Guard it.\n\n${JSON_LEDGER}\n`],
    ['no fence, prose after it', `Guard it.\n${JSON_LEDGER}\nThat is the ledger.`],
  ])('%s', (_name, text) => {
    const reading = parseLedger(text, LETTERS);
    expect(reading).toMatchObject({ kind: 'ledger', claims: [READ] });
    // The answer keeps every word of the prose and none of the block.
    expect(reading.answer).toContain('Guard it.');
    expect(reading.answer).not.toContain('claims');
  });

  test('a block under another label that holds no claims is no ledger; a later one that does is', () => {
    const text = `Run:\n\`\`\`json\n{"steps": 2}\n\`\`\`\nThen:\n\`\`\`text\n${JSON_LEDGER}\n\`\`\``;
    expect(parseLedger(text, LETTERS)).toMatchObject({
      kind: 'ledger',
      answer: 'Run:\n```json\n{"steps": 2}\n```\nThen:',
    });
    expect(parseLedger('Run:\n```json\n{"steps": 2}\n```', LETTERS).kind).toBe('none');
  });

  test('code under another label that holds the key but is no JSON is no ledger; a `json` block that is, unread', () => {
    const code = 'Use it so:\n```js\nconst x = { claims: [check(a)] };\n```';
    expect(parseLedger(code, LETTERS)).toEqual({ kind: 'none', answer: code });
    const broken = 'Guard it.\n```json\n{"claims": [{"claim": "x", "A": "supported"}\n```';
    expect(parseLedger(broken, LETTERS)).toEqual({ kind: 'malformed', answer: broken, reason: 'it is not JSON' });
    const prose = 'Guard it.\n{claims: are what the answers make}\nDone.';
    expect(parseLedger(prose, LETTERS)).toEqual({ kind: 'none', answer: prose });
  });

  test('a `ledger` block wins over a bare object and another block holding claims', () => {
    const other = '{"claims": [{"claim": "other", "A": "supported"}]}';
    const text = `${other}\n\`\`\`ledger\n${JSON_LEDGER}\n\`\`\`\n\`\`\`json\n${other}\n\`\`\``;
    expect(parseLedger(text, LETTERS)).toMatchObject({ claims: [READ] });
  });
});

describe('parseLedger reads JSON as models write it', () => {
  test('trailing commas, comments, bare keys and single quotes', () => {
    const text =
      "```ledger\n{\n  // claims\n  claims: [{claim: 'xs can be empty', A: 'supported', B: 'disputed',},],\n}\n```";
    expect(parseLedger(text, LETTERS)).toMatchObject({ kind: 'ledger', claims: [READ] });
  });

  test.each([
    ['Response A', { 'Response A': 'supported', 'Response B': 'disputed' }],
    ['response_a', { response_a: 'supported', response_b: 'disputed' }],
    ['Resp. A', { 'Resp. A': 'supported', 'Resp. B': 'disputed' }],
    ['lower-case letters', { a: 'supported', b: 'disputed' }],
    ['marks nested under "marks"', { marks: { A: 'supported', B: 'disputed' } }],
    ['marks nested under "responses"', { responses: { 'Response A': 'supported', B: 'disputed' } }],
    ['marks as true and false', { A: true, B: false }],
    ['marks in other words', { A: 'agrees', B: '✗' }],
  ])('responses named %s', (_name, marks) => {
    const text = `\`\`\`ledger\n${JSON.stringify({ claims: [{ claim: 'xs can be empty', ...marks }] })}\n\`\`\``;
    expect(parseLedger(text, LETTERS)).toMatchObject({ kind: 'ledger', claims: [READ] });
  });

  test('a partial or unknown mark is left out; the claim keeps the marks it states', () => {
    const claims = [{ claim: 'x', A: 'partially', B: 'n/a', C: 'maybe' }];
    const text = `\`\`\`ledger\n${JSON.stringify({ claims })}\n\`\`\``;
    expect(parseLedger(text, LETTERS)).toMatchObject({ claims: [{ claim: 'x', marks: { B: 'not addressed' } }] });
  });

  test('a claim under "statement" is read; one with no text is skipped, the others kept', () => {
    const claims = [{ A: 'supported' }, { statement: 'y', B: 'disputed' }];
    const text = `\`\`\`ledger\n${JSON.stringify({ claims })}\n\`\`\``;
    expect(parseLedger(text, LETTERS)).toMatchObject({ claims: [{ claim: 'y', marks: { B: 'disputed' } }] });
  });
});

describe('parseLedger reads a Markdown ledger when the reply holds no JSON', () => {
  test('a table: a Claim column, a column per response, For and Against', () => {
    const text = [
      'Guard it.',
      '',
      '| # | Claim | Response A | B | C | For | Against |',
      '|---|-------|:---:|---|---|---|---|',
      '| 1 | **xs can be empty** | ✓ | ✗ | n/a | It crashes on []. | Callers never pass []. |',
      '| 2 | A try/catch is enough | partially | agrees | | | |',
      '| 3 | Nobody marked this | ? | | | | |',
      '',
      'Done.',
    ].join('\n');
    expect(parseLedger(text, LETTERS)).toEqual({
      kind: 'ledger',
      // A row was not read (no mark in it), so the table stays in the answer: no text is lost.
      answer: text,
      claims: [
        {
          claim: 'xs can be empty',
          marks: { A: 'supported', B: 'disputed', C: 'not addressed' },
          for: 'It crashes on [].',
          against: 'Callers never pass [].',
        },
        { claim: 'A try/catch is enough', marks: { B: 'supported' } },
      ],
    });
  });

  test.each([
    ['naming no response', '| Claim | Speed |\n|---|---|\n| B-tree | fast |'],
    ['comparing options under letters, with no claim column', '| Criterion | A | B |\n|---|---|---|\n| Fast | ✓ | ✗ |'],
  ])('a table %s is no ledger', (_name, text) => {
    expect(parseLedger(text, LETTERS)).toEqual({ kind: 'none', answer: text });
  });

  test('a list: each claim, a dash or brackets, then only letter: mark pairs', () => {
    const text = [
      'Guard it.',
      '- xs can be empty — A: supported, B: disputed',
      '* A try - catch is enough - Response A: no; Response C: yes',
      '1. Inputs are sorted (A: n/a, B: agrees)',
      '- A plain point of the answer - with a dash',
      '- Step one: A: supported is what it says',
    ].join('\n');
    expect(parseLedger(text, LETTERS)).toEqual({
      kind: 'ledger',
      answer: 'Guard it.\n- A plain point of the answer - with a dash\n- Step one: A: supported is what it says',
      claims: [
        READ,
        { claim: 'A try - catch is enough', marks: { A: 'disputed', C: 'supported' } },
        { claim: 'Inputs are sorted', marks: { A: 'not addressed', B: 'supported' } },
      ],
    });
  });

  test('a table whose every row is read leaves the answer', () => {
    const text = 'Guard it.\n\n| Claim | A | B |\n|---|---|---|\n| xs can be empty | yes | no |\n\nDone.';
    expect(parseLedger(text, LETTERS)).toEqual({ kind: 'ledger', answer: 'Guard it.\n\nDone.', claims: [READ] });
  });

  test('a list item with a word read as no mark stays in the answer, its marks read', () => {
    const text = 'Guard it.\n- xs can be empty — A: supported, B: disputed, C: maybe';
    expect(parseLedger(text, LETTERS)).toEqual({ kind: 'ledger', answer: text, claims: [READ] });
  });

  test('a table inside the `ledger` fence', () => {
    const text =
      'Guard it.\n```ledger\n| Claim | A | B |\n|---|---|---|\n| xs can be empty | supported | disputed |\n```';
    expect(parseLedger(text, LETTERS)).toEqual({ kind: 'ledger', answer: 'Guard it.', claims: [READ] });
  });
});

describe('parseLedger invents nothing', () => {
  const piece = fc.constantFrom(
    '|',
    '-',
    ' — ',
    ':',
    ',',
    '\n',
    '```',
    '{',
    '}',
    '"claims": [',
    '"claim": "',
    '"',
    'A',
    'Response B',
    'C: ',
    'x',
    'the claim',
    '|---|',
    ' ',
  );
  const vocabulary = ['supported', 'agrees', 'disputed', 'no', 'true', 'false', '✓', '✗', 'n/a', 'none', 'yes'];
  const words = fc.constantFrom(...vocabulary);

  test('a text with no mark in it reads no claim', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        // `-` alone is a mark (not addressed): a text that has one may read; one without any mark word may not.
        const reading = parseLedger(text.replace(/-/g, '='), LETTERS);
        expect(reading.kind).not.toBe('ledger');
      }),
      { numRuns: 1000 },
    );
  });

  test('every claim read is in the text, and every mark read is a mark word of the text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, words), { maxLength: 80 }), (pieces) => {
        const text = pieces.join('');
        const reading = parseLedger(text, LETTERS);
        if (reading.kind !== 'ledger') return;
        for (const { claim, marks } of reading.claims) {
          expect(text).toContain(claim);
          for (const mark of Object.values(marks)) {
            const said = { supported: /supported|agrees|true|✓|yes/, disputed: /disputed|no|false|✗/ };
            if (mark !== 'not addressed') expect(text).toMatch(said[mark]);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('any text, up to 100 KB, gives a reading in time and keeps what it cannot read', () => {
    const big = fc.array(fc.oneof(piece, words), { minLength: 1, maxLength: 40 }).map((p) => p.join('').repeat(500));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 3000 }), big), (text) => {
        const reading = parseLedger(text.slice(0, 100_000), LETTERS);
        if (reading.kind !== 'ledger') expect(reading.answer).toBe(text.slice(0, 100_000));
      }),
      { numRuns: 200 },
    );
  });
});
