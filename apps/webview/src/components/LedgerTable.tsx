import { ledgerSeats, responseLabel } from '@roundtable/core/present';
import type { LedgerClaim, Mark, TurnPlan } from '@roundtable/core/protocol';
import type { Participant } from '../models/ChatModel';
import { accentStyle } from './bubbleParts';
import { markOf } from './speaker';
import './LedgerTable.css';

/** One answering seat of a council, as the ledger's column: its neutral letter put back to its name. */
export interface LedgerColumn {
  seat: string;
  letter: string;
  name: string;
  mark: string;
  accent: string | undefined;
}

/** Each mark as a symbol for the eye and a word for screen readers (and the tooltip). */
const MARKS: Record<Mark, string> = { supported: '✓', disputed: '✗', 'not addressed': '–' };

/**
 * The ledger's columns: each lettered seat of the plan, in the order its first step seated them (`ledgerSeats`), named
 * from the settings (a seat no longer there keeps its id). The models wrote letters; names are put back only here.
 */
export function ledgerColumns(plan: TurnPlan, participants: ReadonlyMap<string, Participant>): LedgerColumn[] {
  return ledgerSeats(plan).map((seat) => {
    const participant = participants.get(seat);
    const name = participant?.displayName ?? seat;
    return { seat, letter: plan.letters?.[seat] ?? '', name, mark: markOf(name), accent: participant?.color };
  });
}

/**
 * A synthesis's ledger as a table: one row per claim (the claim is the row's header), one column per answering seat,
 * each cell the seat's mark on that claim (the stored ledger marks by seat). The claims are the model's words, shown as text, never as HTML. A wide
 * ledger scrolls sideways in its own box, which the keyboard can reach.
 */
export function LedgerTable({ claims, columns }: { claims: readonly LedgerClaim[]; columns: readonly LedgerColumn[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard.
    <section class="table-scroll ledger-scroll" aria-label="Ledger of claims" tabIndex={0}>
      <table class="ledger-table" data-testid="ledger-table">
        <caption class="ledger-caption">Where each answer stands on the claims that matter</caption>
        <thead>
          <tr>
            <th scope="col">Claim</th>
            {columns.map((c) => (
              <th
                key={c.seat}
                scope="col"
                data-seat={c.seat}
                title={`${responseLabel(c.letter)} in the prompts`}
                // A seat with no accent must not take the synthesis's own from the message around it.
                style={accentStyle(c.accent) ?? { '--participant-accent': 'initial' }}
              >
                <span class="speaker-mark" aria-hidden="true">
                  {c.mark}
                </span>{' '}
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {claims.map((claim, row) => (
            // Claims never move: their index is their identity.
            <tr key={row}>
              <th scope="row" class="ledger-claim">
                {claim.claim}
              </th>
              {columns.map((c) => {
                const mark = Object.hasOwn(claim.marks, c.seat) ? claim.marks[c.seat] : undefined;
                return (
                  <td key={c.seat} class={`ledger-mark ledger-mark--${mark?.replace(' ', '-') ?? 'none'}`} title={mark}>
                    <span aria-hidden="true">{mark ? MARKS[mark] : ''}</span>
                    <span class="visually-hidden">{mark ?? 'no mark'}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
