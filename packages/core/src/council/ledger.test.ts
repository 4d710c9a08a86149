import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_LEDGER_CLAIMS } from '../transcript/synthesisReading';
import { parseLedger } from './ledger';

const LETTERS = ['A', 'B', 'C'];
const block = (json: string, info = 'ledger') => `\`\`\`${info}\n${json}\n\`\`\``;

describe('parseLedger reads what a model writes', () => {
  test('the answer without its block, and every claim marked per response', () => {
    const text = `The fix is to guard xs[0].\n\n${block(
      JSON.stringify({
        claims: [
          { claim: 'xs can be empty', A: 'supported', B: 'Supported', C: 'not_addressed' },
          { claim: 'a try/catch is enough', verdicts: { A: 'disputed', 'Response B': 'not-addressed' } },
        ],
      }),
    )}\n`;
    expect(parseLedger(text, LETTERS)).toEqual({
      kind: 'ledger',
      answer: 'The fix is to guard xs[0].',
      claims: [
        { claim: 'xs can be empty', marks: { A: 'supported', B: 'supported', C: 'not addressed' } },
        { claim: 'a try/catch is enough', marks: { A: 'disputed', B: 'not addressed' } },
      ],
    });
  });

  test('the short answer the chair read in each response, by letter, kept even when the claims cannot be read', () => {
    const answers = { A: '42', 'Response B': 41, C: true, Z: '7', D: '' };
    const text = `Answer: 42\n${block(JSON.stringify({ answers, claims: [{ claim: 'x', A: 'supported' }] }))}`;
    expect(parseLedger(text, [...LETTERS, 'D']).answers).toEqual({ A: '42', B: '41', C: 'true' });
    const broken = `Answer: 42\n${block(JSON.stringify({ answers, claims: 'none' }))}`;
    expect(parseLedger(broken, LETTERS)).toMatchObject({ kind: 'malformed', answers: { A: '42', B: '41' } });
    expect(parseLedger(`A.\n${block('{"claims": [{"claim": "x", "A": "supported"}]}')}`, LETTERS)).not.toHaveProperty(
      'answers',
    );
  });

  test.each([
    ['no block at all', 'Just an answer.', 'none', undefined],
    ['a json block that is no ledger', `Answer.\n${block('{"a":1}', 'json')}`, 'none', undefined],
    ['a block that is not JSON', `Answer.\n${block('{claims: [}')}`, 'malformed', 'it is not JSON'],
    [
      'claims that are not a list',
      `A.\n${block('{"claims": {"claim": "x"}}')}`,
      'malformed',
      'it is JSON, but its "claims" is an object, not a list',
    ],
    [
      'no claims at all',
      `A.\n${block('{"answers": {"A": "1"}}')}`,
      'malformed',
      'it is JSON, but has no "claims" list',
    ],
    ['a claim without its text', `A.\n${block('{"claims": [{"A": "supported"}]}')}`, 'malformed', 'has a "claim" text'],
    [
      'marks of no known response',
      `A.\n${block('{"claims": [{"claim": "x", "Z": "supported"}]}')}`,
      'malformed',
      'no claim marks any of the responses A, B, C',
    ],
    [
      'marks that are no mark',
      `A.\n${block('{"claims": [{"claim": "x", "A": "maybe"}]}')}`,
      'malformed',
      'no claim marks',
    ],
    ['an empty list of claims', `A.\n${block('{"claims": []}')}`, 'malformed', 'its "claims" list is empty'],
    ['an unclosed block of no claims', 'A.\n```ledger\n{"claims": []}', 'malformed', 'list is empty'],
    ['an unclosed block of no JSON', 'A.\n```ledger\nclaims: none', 'none', undefined],
  ])('%s: %s', (_name, text, kind, note) => {
    const reading = parseLedger(text, LETTERS);
    expect(reading.kind).toBe(kind);
    // Whatever could not be read is shown as it was written.
    if (reading.kind !== 'ledger') expect(reading.answer).toBe(text);
    if (note) expect(reading.kind === 'malformed' && reading.reason).toContain(note);
  });

  test('the last ledger wins; a tilde fence and an indented one are fences too', () => {
    const first = block('{"claims": [{"claim": "old", "A": "supported"}]}');
    const last = '   ~~~ledger\n{"claims": [{"claim": "new", "B": "disputed"}]}\n   ~~~';
    const reading = parseLedger(`${first}\nMore.\n${last}`, LETTERS);
    expect(reading).toMatchObject({ kind: 'ledger', claims: [{ claim: 'new', marks: { B: 'disputed' } }] });
  });

  test(`at most ${MAX_LEDGER_CLAIMS} claims, each cut to a readable length`, () => {
    const claims = Array.from({ length: 60 }, (_, i) => ({ claim: `${i} ${'x'.repeat(900)}`, A: 'supported' }));
    const reading = parseLedger(block(JSON.stringify({ claims })), LETTERS);
    if (reading.kind !== 'ledger') throw new Error(reading.kind);
    expect(reading.claims).toHaveLength(MAX_LEDGER_CLAIMS);
    expect(reading.claims[0]?.claim.length).toBe(600);
  });
});

describe('parseLedger on anything at all', () => {
  test('never throws, and what it cannot read it gives back whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), (text) => {
        const reading = parseLedger(text, LETTERS);
        if (reading.kind !== 'ledger') expect(reading.answer).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  test('a well-formed ledger in any prose (no fences in it) is read exactly', () => {
    const mark = fc.constantFrom('supported', 'disputed', 'not addressed');
    const claim = fc.record({
      claim: fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '' && s.trim() === s),
      A: mark,
      B: mark,
    });
    const prose = fc.string({ maxLength: 300 }).filter((s) => !s.includes('`') && !s.includes('~'));
    fc.assert(
      fc.property(prose, fc.array(claim, { minLength: 1, maxLength: 10 }), prose, (before, claims, after) => {
        const text = `${before}\n${block(JSON.stringify({ claims }))}\n${after}`;
        const reading = parseLedger(text, LETTERS);
        expect(reading).toEqual({
          kind: 'ledger',
          answer: [before.trim(), after.trim()].filter((p) => p !== '').join('\n\n'),
          claims: claims.map((c) => ({ claim: c.claim, marks: { A: c.A, B: c.B } })),
        });
      }),
      { numRuns: 300 },
    );
  });

  test('any mutation of a ledger block reads as a ledger, or as malformed with the whole text', () => {
    const valid = JSON.stringify({ claims: [{ claim: 'x', A: 'supported', B: 'disputed' }] });
    const mutated = fc
      .tuple(fc.nat(valid.length), fc.nat(valid.length), fc.string({ maxLength: 5 }))
      .map(([at, cut, insert]) => valid.slice(0, at) + insert + valid.slice(Math.min(valid.length, at + (cut % 4))));
    fc.assert(
      fc.property(mutated, (json) => {
        const text = `Answer.\n${block(json)}`;
        const reading = parseLedger(text, LETTERS);
        expect(['ledger', 'malformed', 'none']).toContain(reading.kind);
        if (reading.kind === 'malformed') expect(reading.answer).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  test('a megabyte of fence openers is read in one pass', () => {
    const text = '```ledger\n'.repeat(100_000);
    const started = performance.now();
    expect(parseLedger(text, LETTERS).kind).toBe('none');
    // Linear, not quadratic: a quadratic scan of this takes minutes.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
