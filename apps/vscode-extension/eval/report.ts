import { isCorrect } from './answers';
import type { EvalQuestion } from './evalSets';
import { countFormats, type Formats, formatsSummary } from './formatReport';
import { add, type Cost, type QuestionRun } from './runEval';

/** How often a strategy's answer was right. */
export interface Score {
  correct: number;
  total: number;
}

/** Answers that went from right to wrong, or wrong to right, across the dispute rounds. */
export interface Flips {
  correctToWrong: number;
  wrongToCorrect: number;
}

/** How often skipping when unanimous would have ended the Council at its vote, and the requests that saved. */
export interface Skips {
  councils: number;
  requestsSaved: number;
}

/**
 * What `pnpm eval` reports (the field names are fixed; more may be added): each strategy's score (`seat:<id>`, `vote`,
 * `council`, `skipWhenUnanimous`, `disputes`), how often dispute rounds turned the vote's correct majority wrong or
 * fixed a wrong (or no) majority (`flips`), the same per seat (`seatFlips`), positions changed without a reason, each
 * strategy's cost and its tokens (in and out) per right answer (`tokensPerCorrect`, null when none was right), how
 * often skipping when unanimous ended the Council at its vote (`skips`), and per kind of step how many of the models'
 * replies were read in the format asked for (`formats`), each unread one with its reason.
 */
export interface Report {
  strategies: Record<string, Score>;
  flips: Flips;
  seatFlips: Record<string, Flips>;
  changedWithoutReason: number;
  cost: Record<string, Cost>;
  tokensPerCorrect: Record<string, number | null>;
  skips: Skips;
  formats: Formats;
  questions: (QuestionRun & { correct: Record<string, boolean> })[];
}

const NO_COST: Cost = { inputTokens: 0, outputTokens: 0, ms: 0, estimated: false };

/** The report of a run: a vote with no majority, and a question that could not be run, count as wrong. */
export function buildReport(
  questions: readonly EvalQuestion[],
  runs: readonly QuestionRun[],
  seats: readonly string[],
): Report {
  const names = [...seats.map((s) => `seat:${s}`), 'vote', 'council', 'skipWhenUnanimous', 'disputes'];
  const strategies = Object.fromEntries(names.map((n) => [n, { correct: 0, total: 0 }]));
  const cost: Record<string, Cost> = Object.fromEntries(names.map((n) => [n, NO_COST]));
  const flips: Flips = { correctToWrong: 0, wrongToCorrect: 0 };
  const seatFlips: Record<string, Flips> = Object.fromEntries(
    seats.map((s) => [s, { correctToWrong: 0, wrongToCorrect: 0 }]),
  );
  let changedWithoutReason = 0;
  const skips: Skips = { councils: 0, requestsSaved: 0 };
  const reported: Report['questions'] = [];
  for (const [i, question] of questions.entries()) {
    const run = runs[i];
    if (!run) continue;
    const answers: Record<string, { answer: string | undefined; cost: Cost }> = {
      ...Object.fromEntries(seats.map((s) => [`seat:${s}`, run.seats[s] ?? { answer: undefined, cost: NO_COST }])),
      vote: run.vote,
      council: run.council,
      skipWhenUnanimous: run.skipWhenUnanimous,
      disputes: run.disputes,
    };
    const correct: Record<string, boolean> = {};
    for (const name of names) {
      const result = answers[name];
      const right = isCorrect(question, result?.answer);
      correct[name] = right;
      const score = strategies[name] as Score;
      score.total += 1;
      if (right) score.correct += 1;
      cost[name] = add(cost[name] ?? NO_COST, result?.cost ?? NO_COST);
    }
    if (run.disputes.rounds > 0) {
      if (correct.vote && !correct.disputes) flips.correctToWrong += 1;
      if (!correct.vote && correct.disputes) flips.wrongToCorrect += 1;
      for (const seat of seats) {
        const taken = run.positions[seat];
        if (!taken || taken.length === 0) continue;
        const before = isCorrect(question, run.seats[seat]?.answer);
        const after = isCorrect(question, taken.at(-1));
        const counted = seatFlips[seat] as Flips;
        if (before && !after) counted.correctToWrong += 1;
        if (!before && after) counted.wrongToCorrect += 1;
      }
    }
    changedWithoutReason += run.changedWithoutReason;
    if (run.skipWhenUnanimous.skipped) {
      skips.councils += 1;
      skips.requestsSaved += run.skipWhenUnanimous.requestsSaved;
    }
    reported.push({ ...run, correct });
  }
  return {
    strategies,
    flips,
    seatFlips,
    changedWithoutReason,
    cost,
    tokensPerCorrect: Object.fromEntries(
      names.map((n) => [n, tokensPerCorrect(strategies[n] as Score, cost[n] ?? NO_COST)]),
    ),
    skips,
    formats: countFormats(reported),
    questions: reported,
  };
}

/** Tokens read and written per right answer, whole; null when none was right (no price buys nothing). */
function tokensPerCorrect(score: Score, cost: Cost): number | null {
  return score.correct === 0 ? null : Math.round((cost.inputTokens + cost.outputTokens) / score.correct);
}

const percent = (s: Score) => (s.total === 0 ? '–' : `${Math.round((100 * s.correct) / s.total)}%`);
const tokens = new Intl.NumberFormat('en-US');

/**
 * The report as Markdown, for stdout: the strategies side by side, what the dispute rounds did, then how many of the
 * replies were read in the format asked for, and why the others were not.
 */
export function markdownSummary(report: Report): string {
  const rows = Object.entries(report.strategies).map(([name, score]) => {
    const c = report.cost[name] ?? NO_COST;
    const per = report.tokensPerCorrect[name];
    return `| ${name} | ${score.correct}/${score.total} | ${percent(score)} | ${tokens.format(c.inputTokens)} | ${tokens.format(c.outputTokens)} | ${per == null ? '–' : tokens.format(per)} | ${(c.ms / 1000).toFixed(1)} s |`;
  });
  const seats = Object.entries(report.strategies).filter(([name]) => name.startsWith('seat:'));
  const best = seats.reduce<[string, Score] | undefined>(
    (b, s) => (!b || s[1].correct > b[1].correct ? s : b),
    undefined,
  );
  const council = report.strategies.council as Score;
  const disputes = report.strategies.disputes as Score;
  const lines = [
    '| strategy | correct | accuracy | tokens in | tokens out | tokens per right answer | time |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
  if (best) {
    const beat = (s: Score) =>
      s.correct > best[1].correct ? 'beat' : s.correct === best[1].correct ? 'matched' : 'fell short of';
    lines.push(
      `The council ${beat(council)} the best single seat (${best[0]}, ${percent(best[1])}); with dispute rounds it ${beat(disputes)} it (${percent(disputes)}).`,
    );
  }
  lines.push(skipLine(report));
  const { correctToWrong, wrongToCorrect } = report.flips;
  lines.push(
    `Dispute rounds turned a correct majority wrong ${correctToWrong} time${correctToWrong === 1 ? '' : 's'}, and fixed a wrong one ${wrongToCorrect} time${wrongToCorrect === 1 ? '' : 's'}.`,
    `Positions changed without a reason (conformity): ${report.changedWithoutReason}.`,
  );
  for (const [seat, f] of Object.entries(report.seatFlips)) {
    if (f.correctToWrong + f.wrongToCorrect > 0) {
      lines.push(`- ${seat}: right to wrong ${f.correctToWrong}, wrong to right ${f.wrongToCorrect}.`);
    }
  }
  lines.push('', ...formatsSummary(report.formats));
  return `${lines.join('\n')}\n`;
}

/** What skipping when unanimous saved against the whole Council, and what it cost in right answers. */
function skipLine(report: Report): string {
  const { councils, requestsSaved } = report.skips;
  const total = report.strategies.council?.total ?? 0;
  const whole = report.cost.council ?? NO_COST;
  const skipping = report.cost.skipWhenUnanimous ?? NO_COST;
  const all = (c: Cost) => c.inputTokens + c.outputTokens;
  const fewer = all(whole) === 0 ? 0 : Math.round((100 * (all(whole) - all(skipping))) / all(whole));
  const right = (name: string) => report.strategies[name]?.correct ?? 0;
  return (
    `Skipping when unanimous ended ${councils} of ${total} councils at their vote (${tokens.format(requestsSaved)} ` +
    `request${requestsSaved === 1 ? '' : 's'} saved, ${fewer}% fewer tokens than the whole council), ` +
    `${right('skipWhenUnanimous')} right against the council's ${right('council')}.`
  );
}
