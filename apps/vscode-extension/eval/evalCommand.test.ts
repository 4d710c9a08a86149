import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { answerIn, isCorrect } from './answers';
import { evalCommand } from './evalCommand';
import { type EvalQuestion, readQuestions, readSeats, type ScriptedSeat } from './evalSets';
import { vscodeUserDir } from './liveSeats';
import type { Report } from './report';
import { recordingIo } from './testIo';

// `pnpm eval` on the shipped question set and its two scripted seat files, through the real pipeline. The expected
// figures are worked out here from the seat files alone (each seat's answers and policy), never from the run; only
// which seat each letter stood for (shuffled from the council's plan id) is taken from the report.

const sets = join(import.meta.dirname, 'sets');
const questions = readQuestions(join(sets, 'questions.jsonl'));
const work = mkdtempSync(join(tmpdir(), 'roundtable-eval-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const io = (answers: boolean[] = []) => recordingIo(work, answers);

/** What the scripted seats imply for one question: each strategy's answer, by the rules the seat file states. */
function expected(question: EvalQuestion, seats: readonly ScriptedSeat[], letterA: string | undefined, cap: number) {
  const first = new Map(seats.map((s) => [s.id, answerIn(s.answers[question.id] ?? '')]));
  const majority = (answers: Map<string, string | undefined>) => {
    const counts = new Map<string, number>();
    for (const a of answers.values()) if (a !== undefined) counts.set(a, (counts.get(a) ?? 0) + 1);
    const [top] = [...counts].sort((a, b) => b[1] - a[1]);
    return top && top[1] * 2 > answers.size ? top[0] : undefined;
  };
  const chair = seats[0]?.id as string;
  const vote = majority(first);
  const council = vote ?? first.get(chair);
  let now = first;
  let rounds = 0;
  let unchanged = 0;
  const agreed = (answers: Map<string, string | undefined>) => new Set(answers.values()).size === 1;
  if (!agreed(first)) {
    while (rounds < cap) {
      const before = now;
      now = new Map(
        seats.map((s) => {
          const own = before.get(s.id);
          if (s.policy === 'first') return [s.id, letterA ? before.get(letterA) : own];
          if (s.policy === 'hold') return [s.id, own];
          const others = new Map([...before].filter(([id]) => id !== s.id));
          const counts = new Map<string, number>();
          for (const a of others.values()) if (a !== undefined) counts.set(a, (counts.get(a) ?? 0) + 1);
          const sorted = [...counts].sort((a, b) => b[1] - a[1]);
          const unique = sorted[0] && (!sorted[1] || sorted[1][1] < sorted[0][1]);
          return [s.id, unique ? sorted[0]?.[0] : own];
        }),
      );
      rounds += 1;
      unchanged = [...now].every(([id, a]) => before.get(id) === a) ? unchanged + 1 : 0;
      if (agreed(now) || unchanged >= 2) break;
    }
  }
  const disputes = rounds === 0 ? council : (majority(now) ?? now.get(chair));
  // Skipping when unanimous: every seat's first answer the same (each seat file states its answers), else the synthesis.
  const unanimous = agreed(first) && vote !== undefined;
  const skipWhenUnanimous = unanimous ? vote : council;
  return { first, vote, council, skipWhenUnanimous, unanimous, disputes, rounds };
}

async function run(seatsFile: string): Promise<Report> {
  const out = join(work, `${seatsFile}.report.json`);
  const console = io();
  const code = await evalCommand(
    ['--questions', join(sets, 'questions.jsonl'), '--seats', join(sets, seatsFile), '--out', out],
    console,
  );
  expect(code, console.errors).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

describe('pnpm eval on the shipped sets (scripted seats)', () => {
  test.each(['disputes-help.json', 'majority-flips.json'])(
    '%s: every figure is what the seat file implies',
    async (file) => {
      const seats = readSeats(join(sets, file), questions);
      const report = await run(file);
      const score = { vote: 0, council: 0, skipWhenUnanimous: 0, disputes: 0 } as Record<string, number>;
      let skipped = 0;
      const seatScore = Object.fromEntries(seats.map((s) => [s.id, 0]));
      const flips = { correctToWrong: 0, wrongToCorrect: 0 };
      for (const [i, question] of questions.entries()) {
        const letters = report.questions[i]?.letters ?? {};
        const want = expected(question, seats, letters.A, 2);
        for (const s of seats)
          if (isCorrect(question, want.first.get(s.id))) seatScore[s.id] = (seatScore[s.id] ?? 0) + 1;
        for (const k of ['vote', 'council', 'skipWhenUnanimous', 'disputes'] as const)
          if (isCorrect(question, want[k])) score[k] = (score[k] ?? 0) + 1;
        if (want.unanimous) skipped += 1;
        expect(report.questions[i]?.skipWhenUnanimous.skipped, question.id).toBe(want.unanimous);
        expect(report.questions[i]?.disputes.rounds, question.id).toBe(want.rounds);
        if (want.rounds > 0) {
          if (isCorrect(question, want.vote) && !isCorrect(question, want.disputes)) flips.correctToWrong += 1;
          if (!isCorrect(question, want.vote) && isCorrect(question, want.disputes)) flips.wrongToCorrect += 1;
        }
      }
      const total = questions.length;
      for (const s of seats) expect(report.strategies[`seat:${s.id}`]).toEqual({ correct: seatScore[s.id], total });
      for (const k of ['vote', 'council', 'skipWhenUnanimous', 'disputes'])
        expect(report.strategies[k], k).toEqual({ correct: score[k], total });
      expect(report.flips).toEqual(flips);
      // Each skip saves a review per seat and the synthesis.
      expect(report.skips).toEqual({ councils: skipped, requestsSaved: skipped * (seats.length + 1) });
    },
    60_000,
  );

  test('dispute rounds help where the vote is split: they fix wrong answers the vote and the synthesis kept', async () => {
    const report = await run('disputes-help.json');
    expect(report.flips.wrongToCorrect).toBeGreaterThan(0);
    expect(report.strategies.disputes?.correct).toBeGreaterThan(report.strategies.vote?.correct ?? 0);
    expect(report.strategies.disputes?.correct).toBeGreaterThan(report.strategies.council?.correct ?? 0);
  }, 60_000);

  test('skipping when unanimous: the shipped set shows the saving, at no cost in right answers', async () => {
    const report = await run('disputes-help.json');
    // q21 to q30: all four seats give the right answer, so those ten Councils end at their vote.
    expect(report.skips).toEqual({ councils: 10, requestsSaved: 50 });
    expect(report.strategies.skipWhenUnanimous).toEqual(report.strategies.council);
    const tokens = (name: string) => (report.cost[name]?.inputTokens ?? 0) + (report.cost[name]?.outputTokens ?? 0);
    expect(tokens('skipWhenUnanimous')).toBeLessThan(tokens('council'));
    expect(report.tokensPerCorrect.skipWhenUnanimous).toBeLessThan(report.tokensPerCorrect.council ?? 0);
    const { correct } = report.strategies.council ?? { correct: 0 };
    expect(report.tokensPerCorrect.council).toBe(Math.round(tokens('council') / correct));
  }, 60_000);

  test('a "majority" seat gives up its correct answer, and the rounds end below the best single seat', async () => {
    const report = await run('majority-flips.json');
    expect(report.seatFlips.claude?.correctToWrong).toBeGreaterThan(0);
    expect(report.changedWithoutReason).toBeGreaterThan(0);
    expect(report.strategies.disputes?.correct).toBeLessThan(report.strategies['seat:claude']?.correct ?? 0);
  }, 60_000);
});

describe('pnpm eval refuses bad input with where and why, and runs nothing', () => {
  test.each([
    ['a line that is not JSON', '{"id": "a"\n', /questions.jsonl:1: not JSON/],
    ['a question with no answer', '{"id": "a", "question": "Why?"}\n', /questions.jsonl:1: .*answer/],
    [
      'an id used twice',
      '{"id":"a","question":"x","answer":"1"}\n{"id":"a","question":"y","answer":"2"}\n',
      /used twice/,
    ],
  ])('%s', async (_what, text, error) => {
    const file = join(work, 'questions.jsonl');
    writeFileSync(file, text);
    const console = io();
    expect(
      await evalCommand(
        ['--questions', file, '--seats', join(sets, 'disputes-help.json'), '--out', join(work, 'x.json')],
        console,
      ),
    ).toBe(2);
    expect(console.errors).toMatch(error);
  });

  test('a seat with no answer to a question, and arguments that do not fit', async () => {
    const seats = join(work, 'seats.json');
    writeFileSync(
      seats,
      JSON.stringify({
        seats: [
          { id: 'a', policy: 'hold', answers: {} },
          { id: 'b', policy: 'hold', answers: {} },
        ],
      }),
    );
    const console = io();
    const args = ['--questions', join(sets, 'questions.jsonl'), '--seats', seats, '--out', join(work, 'x.json')];
    expect(await evalCommand(args, console)).toBe(2);
    expect(console.errors).toContain('the seat "a" has no answer to q01');
    expect(await evalCommand(['--questions', 'x'], io())).toBe(2);
    expect(await evalCommand([...args, '--live'], io())).toBe(2);
  });
});

describe('pnpm eval --live', () => {
  let proxy: FakeProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });

  const live = async (answers: boolean[], extra: string[] = []) => {
    proxy = await startFakeProxy({ models: ['claude-live', 'gpt-live'], chunkDelayMs: 0 });
    const settings = join(work, 'settings.json');
    // A VS Code settings file, comments and trailing commas included.
    writeFileSync(
      settings,
      `{
  // the user's own table
  "roundtable.sidecar.mode": "external",
  "roundtable.sidecar.externalUrl": "${proxy.url}",
  "roundtable.participants": [
    { "id": "claude", "displayName": "Claude", "color": "#D97706", "model": "claude-live", "enabled": true },
    { "id": "gpt", "displayName": "GPT", "color": "#10A37F", "model": "gpt-live", "enabled": true },
  ],
}`,
    );
    const one = join(work, 'one.jsonl');
    writeFileSync(one, '{"id":"q1","question":"What is 2 + 2?","answer":"4"}\n');
    const console = io(answers);
    const out = join(work, 'live.json');
    const code = await evalCommand(
      ['--questions', one, '--live', '--settings', settings, '--out', out, ...extra],
      console,
    );
    return { code, console, out, requests: proxy.requests.filter((r) => r.path === '/v1/chat/completions') };
  };

  test('asks before it spends, and a no asks nothing', async () => {
    const { code, console, requests } = await live([false]);
    expect(code).toBe(1);
    expect(console.asked).toEqual([
      expect.stringMatching(
        /^This asks your own seats \(claude, gpt\) through http:\/\/127\.0\.0\.1:\d+: 1 questions, 5 requests at least/,
      ),
    ]);
    expect(console.errors).toContain('Nothing was asked.');
    expect(requests).toEqual([]);
  });

  test('a yes runs the council on the user’s seats through their proxy, and writes the report', async () => {
    const { code, console, out, requests } = await live([true]);
    expect(code, console.errors).toBe(0);
    expect(
      requests
        .map((r) => (r.body as { model: string }).model)
        .slice(0, 2)
        .sort(),
    ).toEqual(['claude-live', 'gpt-live']);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(Object.keys(report.strategies)).toEqual([
      'seat:claude',
      'seat:gpt',
      'vote',
      'council',
      'skipWhenUnanimous',
      'disputes',
    ]);
    expect(report.strategies.council?.total).toBe(1);
  }, 30_000);
});

test('VS Code keeps its user settings where each system puts them', () => {
  expect(vscodeUserDir('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada')).toBe(
    'C:\\Users\\ada\\AppData\\Roaming\\Code\\User',
  );
  expect(vscodeUserDir('darwin', {}, '/Users/ada')).toBe('/Users/ada/Library/Application Support/Code/User');
  expect(vscodeUserDir('linux', {}, '/home/ada')).toBe('/home/ada/.config/Code/User');
  expect(vscodeUserDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ada')).toBe('/cfg/Code/User');
});
