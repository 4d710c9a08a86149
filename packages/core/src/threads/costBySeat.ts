import { countsAsRequest } from '../store/threadSpend';
import type { Message } from '../transcript/schema';
import { formatElapsed } from './describeCost';

const number = new Intl.NumberFormat('en-US');

interface SeatCost {
  requests: number;
  input: number;
  output: number;
  /** Replies with tokens, and how many of those were estimated. */
  counted: number;
  estimated: number;
  ms: number;
}

/**
 * The export's last section: what each seat that spoke cost over the whole thread, as a table, one row per seat in
 * the order it first answered: its requests (replies that reached its provider: `countsAsRequest`), the tokens read
 * and written ("about … (estimated)", or "(some estimated)", when a provider reported none and they were estimated) and the time its replies took. Undefined when no
 * seat spoke. Pure.
 */
export function costBySeat(messages: readonly Message[], name: (id: string) => string): string | undefined {
  const seats = new Map<string, SeatCost>();
  for (const m of messages) {
    if (!countsAsRequest(m)) continue;
    const cost = seats.get(m.speaker) ?? { requests: 0, input: 0, output: 0, counted: 0, estimated: 0, ms: 0 };
    seats.set(m.speaker, {
      requests: cost.requests + 1,
      input: cost.input + (m.usage?.inputTokens ?? 0),
      output: cost.output + (m.usage?.outputTokens ?? 0),
      counted: cost.counted + (m.usage ? 1 : 0),
      estimated: cost.estimated + (m.usage?.estimated ? 1 : 0),
      ms: cost.ms + (m.timing?.totalMs ?? 0),
    });
  }
  if (seats.size === 0) return undefined;
  const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/[\\|]/g, '\\$&');
  const rows = [...seats].map(([seat, c]) => {
    const tokens = (n: number) =>
      c.estimated === 0
        ? number.format(n)
        : `about ${number.format(n)} (${c.estimated === c.counted ? 'estimated' : 'some estimated'})`;
    return [name(seat), number.format(c.requests), tokens(c.input), tokens(c.output), formatElapsed(c.ms)];
  });
  const table = [
    ['Seat', 'Requests', 'Tokens in', 'Tokens out', 'Time'],
    ['---', '---:', '---:', '---:', '---:'],
    ...rows,
  ];
  return [
    '## Cost by seat',
    table.map((r) => `| ${r.map((c, i) => (i === 0 ? cell(c) : c)).join(' | ')} |`).join('\n'),
  ].join('\n\n');
}
