import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { evalCommand } from './evalCommand';
import type { ScriptedSeat } from './evalSets';
import { textFormat } from './formats';
import type { Report } from './report';
import { recordingIo } from './testIo';

// Format adherence through the whole pipeline, on scripted seats told which formats to leave out: the report counts
// exactly the replies that left theirs out as unread, each with the reason the pipeline's reading gave.

const work = mkdtempSync(join(tmpdir(), 'roundtable-eval-formats-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const questions = join(work, 'questions.jsonl');
writeFileSync(
  questions,
  '{"id":"q1","question":"What is 2 + 2?","answer":"4"}\n{"id":"q2","question":"What is 3 + 3?","answer":"6"}\n',
);

async function run(seats: ScriptedSeat[]): Promise<{ report: Report; summary: string }> {
  const file = join(work, `seats-${seats.map((s) => s.id).join('')}.json`);
  writeFileSync(file, JSON.stringify({ seats }));
  const out = join(work, 'report.json');
  const io = recordingIo(work);
  const code = await evalCommand(
    ['--questions', questions, '--seats', file, '--out', out, '--max-dispute-rounds', '1'],
    io,
  );
  expect(code, io.errors).toBe(0);
  return { report: JSON.parse(readFileSync(out, 'utf8')) as Report, summary: io.output };
}

const seat = (id: string, said: (n: string) => string, extra: Partial<ScriptedSeat> = {}): ScriptedSeat => ({
  id,
  policy: 'hold',
  answers: { q1: said('4'), q2: said('6') },
  ...extra,
});
const stated = (n: string) => `Adding them up.\n\nAnswer: ${n}`;

describe('pnpm eval counts the replies whose format was read, and why each other one was not', () => {
  test('an answer with no Answer line, a review with no Verdict line, a synthesis with no ledger', async () => {
    const { report, summary } = await run([
      seat('x', stated, { unformatted: ['ledger'] }),
      seat('y', (n) => `The sum is ${n}.`, { unformatted: ['verdict'] }),
      seat('z', stated),
    ]);
    expect(report.formats.answer).toEqual({
      read: 4,
      total: 6,
      unread: ['q1', 'q2'].map((question) => ({
        question,
        seat: 'y',
        round: 0,
        reason: textFormat('answer', 'The sum is 4.'),
      })),
    });
    expect(report.formats.verdict).toMatchObject({ read: 4, total: 6 });
    // The scripted review that leaves its label out opens with this line (scriptedSeats.ts).
    const noVerdict = textFormat('review', 'In short: Response A answers 4.');
    expect(noVerdict).toMatch(/\S/);
    expect(report.formats.verdict.unread.map((u) => [u.question, u.seat, u.reason])).toEqual([
      ['q1', 'y', noVerdict],
      ['q2', 'y', noVerdict],
    ]);
    // The chair wrote no ledger, so nothing was disputed and no dispute round asked for positions.
    expect(report.formats.ledger).toMatchObject({ read: 0, total: 2 });
    expect(report.formats.ledger.unread.every((u) => u.seat === 'x' && u.reason === 'no ledger written')).toBe(true);
    expect(report.formats.positions).toEqual({ read: 0, total: 0, unread: [] });
    // Accuracy is still counted from what each seat said (y's last number), apart from the format.
    expect(report.strategies['seat:y']).toEqual({ correct: 2, total: 2 });
    expect(summary).toContain('| format | read | rate |\n| --- | --- | --- |\n| answer | 4/6 | 67% |');
    expect(summary).toContain('- ledger not read (2): no ledger written');
  }, 30_000);

  test('a dispute round: a position with no positions block is unread with the reading’s reason', async () => {
    const { report } = await run([
      seat('x', stated),
      seat('y', () => 'Adding them up.\n\nAnswer: 5', { unformatted: ['positions'] }),
      seat('z', stated),
    ]);
    for (const q of report.questions) expect(q.disputes.rounds, q.id).toBe(1);
    expect(report.formats.answer).toMatchObject({ read: 6, total: 6, unread: [] });
    expect(report.formats.verdict).toMatchObject({ read: 6, total: 6, unread: [] });
    // The council's synthesis and the dispute round's, for each question.
    expect(report.formats.ledger).toMatchObject({ read: 4, total: 4, unread: [] });
    expect(report.formats.positions).toMatchObject({ read: 4, total: 6 });
    for (const u of report.formats.positions.unread) {
      expect([u.seat, u.round]).toEqual(['y', 1]);
      expect(u.reason).toMatch(/^its positions could not be read: \S/);
    }
    // Every reply of every question is in the count once: read, or listed with its reason.
    for (const q of report.questions) {
      expect(q.formats.filter((f) => f.kind === 'positions').map((f) => [f.seat, f.read])).toEqual(
        expect.arrayContaining([
          ['x', true],
          ['y', false],
          ['z', true],
        ]),
      );
    }
  }, 30_000);
});
