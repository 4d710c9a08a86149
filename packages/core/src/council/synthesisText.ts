import { andList } from '../base/andList';
import type { TurnPlan } from '../transcript/plan';
import type { MissingWhy, SynthesisReading } from '../transcript/synthesisReading';

// How a synthesis's reading is said, the same in the panel and in a Markdown export.

/** Said under a synthesis that wrote no ledger block. */
export const NO_LEDGER_NOTE = 'The synthesis wrote no ledger of its claims.';

/** Under a synthesis whose ledger is not a table: why it could not be read, or that it wrote none. */
export function ledgerNote(reading: SynthesisReading): string | undefined {
  if (reading.claims) return undefined;
  if (reading.malformed === undefined) return NO_LEDGER_NOTE;
  return `The ledger could not be read (${reading.malformed}); it is shown as the model wrote it.`;
}

/**
 * The seats of a council's ledger, as its columns: each seat with a letter, in the order the plan's first step seated
 * them (a seat it did not seat, last).
 */
export function ledgerSeats(plan: TurnPlan): string[] {
  const seated = plan.steps[0]?.seats ?? [];
  const at = (seat: string) => (seated.includes(seat) ? seated.indexOf(seat) : seated.length);
  return Object.keys(plan.letters ?? {}).sort((a, b) => at(a) - at(b));
}

const WHY: Record<MissingWhy, string> = { failed: 'it failed', stopped: 'it was stopped', none: 'it did not answer' };

/** "Written without GPT’s answer (it failed)." in seat order; undefined when the synthesis had every answer. */
export function describeWithout(
  reading: SynthesisReading,
  plan: TurnPlan,
  name: (seat: string) => string,
): string | undefined {
  const without = reading.without ?? {};
  const seated = plan.steps[0]?.seats ?? [];
  const seats = [
    ...seated.filter((s) => Object.hasOwn(without, s)),
    ...Object.keys(without).filter((s) => !seated.includes(s)),
  ];
  if (seats.length === 0) return undefined;
  return `Written without ${andList(seats.map((s) => `${name(s)}’s answer (${WHY[without[s] ?? 'none']})`))}.`;
}
