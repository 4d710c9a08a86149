import { andList } from '../base/andList';
import type { TurnCost } from '../protocol/turnCost';

// How the cost of the message being written is said beside the send button: one short line, and a tooltip that says
// what each request is for. The counts are the host's (`TurnCost`); only the words are made here.

const MODE_NAMES = { discuss: 'Discuss', independent: 'Independent', council: 'Council' } as const;

function requests(n: number): string {
  return `${n} request${n === 1 ? '' : 's'}`;
}

/** A range of requests, low to high: "3-9 requests"; one number when both ends are the same. */
function range(low: number, high: number): string {
  return low === high ? requests(high) : `${low}-${high} requests`;
}

/**
 * The line beside the send button: the mode, who answers (the seat's name when one, else how many) and how many
 * requests ("Council · 3 seats · 3-7 requests", "Discuss · Claude · 1 request"), or why it would not be sent.
 */
export function describeTurnCost(cost: TurnCost, name: (seat: string) => string): string {
  if (cost.kind === 'refused') return cost.reason;
  const who = cost.seats.length === 1 ? name(cost.seats[0] as string) : `${cost.seats.length} seats`;
  const count = range(cost.fewest ?? cost.requests, cost.most ?? cost.requests);
  return `${MODE_NAMES[cost.mode]} · ${who} · ${count}`;
}

/** The line's tooltip: who answers, what each request is for, and when the count can be lower or higher. */
export function explainTurnCost(cost: TurnCost, name: (seat: string) => string): string {
  if (cost.kind === 'refused') return cost.reason;
  const n = cost.seats.length;
  const who = `${andList(cost.seats.map(name))} ${n === 1 ? 'answers' : 'answer'}`;
  const sentences = [`${MODE_NAMES[cost.mode]}: ${who}.`];
  if (cost.mode === 'council' && cost.requests > n) {
    sentences.push(`${n} answers, ${n} reviews and a synthesis: ${requests(cost.requests)}.`);
  } else {
    const how = cost.mode === 'discuss' ? 'one after another' : 'at once';
    sentences.push(`${n === 1 ? 'One reply' : `${n} replies, ${how}`}: ${requests(cost.requests)}.`);
  }
  if (cost.fewest !== undefined) {
    sentences.push(
      `When every answer gives the same short answer, the Council ends at the vote: ${requests(cost.fewest)} (roundtable.council.skipWhenUnanimous).`,
    );
  }
  if (cost.most !== undefined) {
    sentences.push(
      `Another round asks them again, up to ${cost.rounds ?? 0} rounds in all: at most ${requests(cost.most)} (roundtable.router.maxRounds).`,
    );
  }
  sentences.push('Each request is one call to a seat’s provider, counted against that subscription’s limits.');
  return sentences.join(' ');
}
