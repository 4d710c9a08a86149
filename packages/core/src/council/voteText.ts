import { andList } from '../base/andList';
import type { TurnPlan } from '../transcript/plan';
import type { Vote } from '../transcript/synthesisReading';
import { tallyOf } from './tally';

// How a council's vote is said, the same in the panel and in a Markdown export: the tally first, then where the
// synthesis stands. Names are put back here; the models only ever wrote letters.

/**
 * "3 of 3 answer 42." / "2 of 3 answer 42; Gemini dissents (41)." / "No majority: 42 (Claude), 41 (GPT)." and, when the
 * synthesis gave a short answer, where it stands: "The synthesis answers 42, as the majority does." Seats in the order
 * the plan's first step seated them.
 */
export function describeVote(vote: Vote, plan: TurnPlan, name: (seat: string) => string): string {
  const tally = tallyOf(vote, plan.steps[0]?.seats ?? []);
  const names = (seats: readonly string[]) => andList(seats.map(name));
  const [top, ...rest] = tally.groups;
  let said: string;
  if (!top) said = 'No seat gave a short answer.';
  else if (tally.majority !== undefined) {
    const count = `${top.seats.length} of ${tally.voters} answer ${top.answer}`;
    const dissent = rest.map((g) => `${names(g.seats)} (${g.answer})`);
    const dissenters = rest.reduce((n, g) => n + g.seats.length, 0);
    said =
      rest.length === 0 ? `${count}.` : `${count}; ${andList(dissent)} ${dissenters === 1 ? 'dissents' : 'dissent'}.`;
  } else {
    said = `No majority: ${tally.groups.map((g) => `${g.answer} (${names(g.seats)})`).join(', ')}.`;
  }
  if (vote.synthesis === undefined) return said;
  const stands =
    tally.majority === undefined
      ? ''
      : vote.synthesis === tally.majority
        ? ', as the majority does'
        : `, against the majority (${tally.majority})`;
  return `${said} The synthesis answers ${vote.synthesis}${stands}.`;
}
