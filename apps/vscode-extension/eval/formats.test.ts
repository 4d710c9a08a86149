import { readReply } from '@roundtable/core/council/readReply';
import type { TurnPlan } from '@roundtable/core/transcript/plan';
import type { Message } from '@roundtable/core/transcript/schema';
import { describe, expect, test } from 'vitest';
import { countFormats, formatsSummary } from './formatReport';
import { ledgerFormat, positionsFormat, stepFormats, textFormat } from './formats';

// The reading of each reply's format, reply by reply, and the counting of them. The scripted runs through the whole
// pipeline are in formats.scripted.test.ts.

describe('a reply is read when it states its format, and says why when not', () => {
  test.each([
    ['answer', 'Working.\n\nAnswer: 42'],
    ['answer', '**Final answer:** yes'],
    ['review', 'Verdict: A is right.\n\nReasons.'],
    ['review', '\n**Verdict:** B errs.'],
  ] as const)('%s read: %j', (kind, text) => {
    expect(textFormat(kind, text)).toBeUndefined();
  });

  test.each([
    ['answer', 'Two plus two is 4.'],
    ['answer', `Answer: ${'a very long phrase '.repeat(15)}`],
    ['review', 'A is right, B is not.\n\nReasons follow.'],
  ] as const)('%s unread, with core’s reason: %j', (kind, text) => {
    const reading = readReply(kind, text);
    expect(reading).toEqual({ unread: expect.stringMatching(/\S/) });
    expect(textFormat(kind, text)).toBe((reading as { unread: string }).unread);
  });

  test('a ledger and positions: the stored reading decides, and its reason is kept', () => {
    const claim = { claim: 'It is 4.', marks: { a: 'supported' as const } };
    expect(ledgerFormat({ synthesis: { claims: [claim], answer: 'x' } })).toBeUndefined();
    expect(ledgerFormat({ synthesis: { malformed: 'it is not JSON' } })).toBe(
      'its ledger could not be read: it is not JSON',
    );
    expect(ledgerFormat({ synthesis: {} })).toBe('no ledger written');
    expect(ledgerFormat({})).toBe('it was not read as a synthesis');
    expect(positionsFormat({ positions: { claims: [{ claim: 0, position: 'supported', argument: '' }] } })).toBe(
      undefined,
    );
    expect(positionsFormat({ positions: { malformed: 'it wrote no positions block' } })).toBe(
      'its positions could not be read: it wrote no positions block',
    );
    expect(positionsFormat({})).toBe('no positions stated');
  });
});

const plan = {
  id: 'p1',
  createdAt: '2026-01-01T00:00:00.000Z',
  kind: 'message',
  mode: 'council',
  question: 'u1',
  round: 1,
  steps: [
    { kind: 'answer', seats: ['a', 'b', 'c'], reads: 'blind', names: 'labelled', concurrency: 3 },
    { kind: 'review', seats: ['a', 'b', 'c'], reads: 'peers', names: 'anonymised', concurrency: 3 },
    { kind: 'synthesis', seats: ['a'], reads: 'council', names: 'anonymised', concurrency: 1 },
  ],
} satisfies TurnPlan;

let seq = 0;
function reply(speaker: string, index: number, content: string, extra: Partial<Message> = {}): Message {
  seq += 1;
  return {
    id: `m${seq}`,
    seq,
    role: 'assistant',
    speaker,
    content,
    status: 'complete',
    step: { plan: 'p1', index },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('every seat a step seated gives one format, read or with its reason', () => {
  const messages = [
    reply('a', 0, 'Answer: 4'),
    reply('b', 0, '', { status: 'error', error: 'HTTP 500 from llama.cpp' }),
    reply('c', 0, 'It is four, I think.'),
    reply('c', 0, 'Answer: 5', { alternativeOf: 'm3' }),
    reply('a', 1, 'Verdict: B failed.'),
    reply('b', 1, 'partial', { status: 'cancelled' }),
    // c never reviewed; a's synthesis wrote no ledger.
    reply('a', 2, 'Answer: 4', { synthesis: {} }),
  ];
  const formats = stepFormats(messages, [plan]);
  const noAnswer = textFormat('answer', 'It is four, I think.');

  test('step by step, the original reply of each seat (an alternative is not the step’s reply)', () => {
    expect(formats).toEqual([
      { kind: 'answer', seat: 'a', round: 0, read: true },
      { kind: 'answer', seat: 'b', round: 0, read: false, reason: 'it failed: HTTP 500 from llama.cpp' },
      { kind: 'answer', seat: 'c', round: 0, read: false, reason: noAnswer },
      { kind: 'verdict', seat: 'a', round: 0, read: true },
      { kind: 'verdict', seat: 'b', round: 0, read: false, reason: 'it was stopped' },
      { kind: 'verdict', seat: 'c', round: 0, read: false, reason: 'it never replied' },
      { kind: 'ledger', seat: 'a', round: 0, read: false, reason: 'no ledger written' },
    ]);
  });

  test('counted per kind, each unread reply listed with its question, and summed up in Markdown', () => {
    const counted = countFormats([{ id: 'q1', formats }]);
    expect(counted.answer).toEqual({
      read: 1,
      total: 3,
      unread: [
        { question: 'q1', seat: 'b', round: 0, reason: 'it failed: HTTP 500 from llama.cpp' },
        { question: 'q1', seat: 'c', round: 0, reason: noAnswer },
      ],
    });
    expect(counted.verdict).toMatchObject({ read: 1, total: 3 });
    expect(counted.ledger).toMatchObject({ read: 0, total: 1 });
    expect(counted.positions).toEqual({ read: 0, total: 0, unread: [] });
    const summary = formatsSummary(counted);
    expect(summary).toEqual(
      expect.arrayContaining([
        '| answer | 1/3 | 33% |',
        '| verdict | 1/3 | 33% |',
        '| ledger | 0/1 | 0% |',
        '| positions | 0/0 | – |',
        '- answer not read (1): it failed: HTTP 500 from llama.cpp',
        '- verdict not read (1): it never replied',
        '- ledger not read (1): no ledger written',
      ]),
    );
  });

  test('the summary lists the commonest reasons first, five at most, each on one bounded line', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      kind: 'verdict' as const,
      seat: `s${i}`,
      round: 0,
      read: false as const,
      reason: i < 2 ? 'it opens with no verdict' : `it failed: ${'x'.repeat(300)}\n${i}`,
    }));
    const summary = formatsSummary(countFormats([{ id: 'q', formats: many }]));
    const reasons = summary.filter((l) => l.startsWith('- verdict'));
    expect(reasons[0]).toBe('- verdict not read (2): it opens with no verdict');
    expect(reasons).toHaveLength(6);
    expect(reasons.at(-1)).toBe('- verdict: 2 more reasons in the report');
    expect(reasons.every((l) => !l.includes('\n') && l.length < 240)).toBe(true);
  });
});
