import type { SeatSpend, SpendWindow } from '../protocol/seatSpending';

const number = new Intl.NumberFormat('en-US');

/**
 * What a seat spent, in one line, as the seat list and the To chip's tooltip say it: "Claude: today 12 requests,
 * 48,120 tokens · last 5 h 4 requests, 9,800 tokens". Tokens are read and written together; "(some estimated)" when
 * a provider reported none for some replies and they were estimated. `spend` absent: it spent nothing in either.
 */
export function describeSeatSpend(name: string, spend: SeatSpend | undefined): string {
  if (!spend || (spend.today.requests === 0 && spend.last5h.requests === 0)) {
    return `${name}: nothing today or in the last 5 h`;
  }
  return `${name}: today ${describeWindow(spend.today)} · last 5 h ${describeWindow(spend.last5h)}`;
}

function describeWindow(w: SpendWindow): string {
  if (w.requests === 0) return 'none';
  const tokens = `${number.format(w.inputTokens + w.outputTokens)} tokens${w.estimated ? ' (some estimated)' : ''}`;
  return `${number.format(w.requests)} ${w.requests === 1 ? 'request' : 'requests'}, ${tokens}`;
}
