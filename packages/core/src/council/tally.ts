import type { Vote } from '../transcript/synthesisReading';

/** One answer of a vote and the seats that gave it. */
export interface TallyGroup {
  answer: string;
  seats: string[];
}

/**
 * A vote counted: each answer given with the seats that gave it, most votes first (a tie keeps the order of the seat
 * that gave it first, in `seatOrder`, else the vote's), and the answer more than half the voters gave, when one did.
 */
export interface Tally {
  groups: TallyGroup[];
  voters: number;
  majority: string | undefined;
  unanimous: boolean;
}

export function tallyOf(vote: Pick<Vote, 'answers'>, seatOrder: readonly string[] = []): Tally {
  const rank = (seat: string) => {
    const i = seatOrder.indexOf(seat);
    return i < 0 ? seatOrder.length : i;
  };
  const seats = Object.keys(vote.answers).sort((a, b) => rank(a) - rank(b));
  const groups: TallyGroup[] = [];
  for (const seat of seats) {
    const answer = vote.answers[seat] as string;
    const group = groups.find((g) => g.answer === answer);
    if (group) group.seats.push(seat);
    else groups.push({ answer, seats: [seat] });
  }
  // Stable: equal counts keep the order of their first seat.
  groups.sort((a, b) => b.seats.length - a.seats.length);
  const top = groups[0];
  const majority = top && top.seats.length * 2 > seats.length ? top.answer : undefined;
  return { groups, voters: seats.length, majority, unanimous: groups.length === 1 && seats.length > 0 };
}
