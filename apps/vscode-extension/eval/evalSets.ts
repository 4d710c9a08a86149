import { readFileSync } from 'node:fs';
import { describeIssues } from '@roundtable/core/transcript/base';
import * as v from 'valibot';

// The inputs of `pnpm eval`: a question set (JSON Lines) and, for scripted runs, a seats file. Read whole, checked
// whole: a bad line or seat is refused with where it is and why, before anything is run.

const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "_" and "-", at most 64'));
const Text = v.pipe(v.string(), v.minLength(1), v.maxLength(20_000));

/** One question with one short correct answer; `accept` lists other spellings of it. */
export const EvalQuestion = v.strictObject({
  id: Id,
  question: Text,
  answer: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  accept: v.optional(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(200)))),
});
export type EvalQuestion = v.InferOutput<typeof EvalQuestion>;

/**
 * How a scripted seat takes its position in a dispute round: `hold` keeps its first answer; `majority` takes the answer
 * most of the other seats gave (keeping its own on a tie); `first` takes the answer of the seat lettered Response A.
 */
export const Policy = v.picklist(['hold', 'majority', 'first']);
export type Policy = v.InferOutput<typeof Policy>;

/** The formats a scripted seat can be told to leave out (a first answer leaves its out by giving no `Answer:` line). */
export const Unformatted = v.picklist(['verdict', 'ledger', 'positions']);

/**
 * A scripted seat: its id at the table, its policy in dispute rounds, its first answer to each question, and the
 * formats it leaves out (`unformatted`: its reviews open with no `Verdict:` line, its syntheses write no ledger, its
 * dispute positions no positions block), to measure how the report counts replies that could not be read.
 */
export const ScriptedSeat = v.strictObject({
  id: Id,
  policy: Policy,
  answers: v.record(Id, Text),
  unformatted: v.optional(v.array(Unformatted)),
});
export type ScriptedSeat = v.InferOutput<typeof ScriptedSeat>;

export const SeatsFile = v.strictObject({
  seats: v.pipe(v.array(ScriptedSeat), v.minLength(2), v.maxLength(8)),
});

/** The questions of a JSON Lines file, each line checked; blank lines are skipped. */
export function readQuestions(file: string): EvalQuestion[] {
  const questions: EvalQuestion[] = [];
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${i + 1}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const parsed = v.safeParse(EvalQuestion, json);
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${describeIssues(parsed.issues)}`);
    if (questions.some((q) => q.id === parsed.output.id)) {
      throw new Error(`${file}:${i + 1}: the id "${parsed.output.id}" is used twice`);
    }
    questions.push(parsed.output);
  }
  if (questions.length === 0) throw new Error(`${file}: no questions`);
  return questions;
}

/** A seats file's seats, checked: unique ids, and every seat answers every question. */
export function readSeats(file: string, questions: readonly EvalQuestion[]): ScriptedSeat[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = v.safeParse(SeatsFile, json);
  if (!parsed.success) throw new Error(`${file}: ${describeIssues(parsed.issues)}`);
  const { seats } = parsed.output;
  for (const [i, seat] of seats.entries()) {
    if (seats.findIndex((s) => s.id === seat.id) !== i)
      throw new Error(`${file}: the seat "${seat.id}" is listed twice`);
    const missing = questions.filter((q) => seat.answers[q.id] === undefined).map((q) => q.id);
    if (missing.length > 0) throw new Error(`${file}: the seat "${seat.id}" has no answer to ${missing.join(', ')}`);
  }
  return seats;
}
