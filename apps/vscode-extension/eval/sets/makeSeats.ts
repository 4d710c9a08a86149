// Writes the two scripted seat files from questions.jsonl (run once, and again when the questions change):
//   pnpm exec tsx apps/vscode-extension/eval/sets/makeSeats.ts
// Each seat states its final answer on a line of its own; a wrong answer is the right one changed (a number moved by
// one, any other answer replaced). Which questions each seat gets wrong is fixed below, so the files show:
// - disputes-help.json: on q01-q10 the vote is split 2-1-1 with no majority and the chair (the first seat) is wrong;
//   the two "majority" seats take the answer most others gave, so the dispute rounds fix what the vote and the
//   synthesis got wrong. On q11-q15 and q16-q20 one "hold" seat is wrong alone and stays wrong.
// - majority-flips.json: on q01-q10 two seats agree on a wrong answer; the one right seat follows the majority and
//   gives up its correct answer (conformity). On q11-q15 a "first" seat takes whatever Response A answered.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readQuestions } from '../evalSets';

const here = import.meta.dirname;
const questions = readQuestions(join(here, 'questions.jsonl'));

/** A wrong answer to a question, `n` steps from the right one (each n a different wrong answer). */
function wrong(answer: string, n: number): string {
  const number = Number(answer.replace(/,/g, ''));
  if (answer.trim() !== '' && Number.isFinite(number)) return String(number + n);
  if (/^[A-D]$/.test(answer)) return 'ABCD'[('ABCD'.indexOf(answer) + n) % 4] as string;
  if (answer === 'yes' || answer === 'no') return answer === 'yes' ? 'no' : 'yes';
  return `${answer} (variant ${n})`;
}

/** Each seat's own opening, so no two seats' answers read the same (a scripted chair tells them apart by their text). */
const OPENINGS = [
  'Working it through step by step.',
  'Checking each step carefully.',
  'Reasoning it out.',
  'Computing it directly.',
];
const say = (answer: string, opening: string) => `${opening}\n\nAnswer: ${answer}`;
const ids = (from: number, to: number) => questions.slice(from - 1, to).map((q) => q.id);

let seated = 0;
function seat(id: string, policy: string, wrongOn: readonly string[], step: number) {
  const opening = OPENINGS[seated++ % OPENINGS.length] as string;
  const answers = Object.fromEntries(
    questions.map((q) => [q.id, say(wrongOn.includes(q.id) ? wrong(q.answer, step) : q.answer, opening)]),
  );
  return { id, policy, answers };
}

const split = ids(1, 10);
writeFileSync(
  join(here, 'disputes-help.json'),
  `${JSON.stringify(
    {
      seats: [
        seat('gpt', 'majority', split, 1),
        seat('claude', 'hold', ids(11, 15), 1),
        seat('gemini', 'majority', split, 2),
        seat('kimi', 'hold', ids(16, 20), 1),
      ],
    },
    null,
    2,
  )}\n`,
);
seated = 0;
writeFileSync(
  join(here, 'majority-flips.json'),
  `${JSON.stringify(
    {
      seats: [
        seat('claude', 'majority', [], 1),
        seat('gpt', 'first', split, 1),
        seat('gemini', 'hold', [...split, ...ids(11, 15)], 1),
      ],
    },
    null,
    2,
  )}\n`,
);
