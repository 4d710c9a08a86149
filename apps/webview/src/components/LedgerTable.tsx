import { ledgerSeats, responseLabel } from '@roundtable/core/present';
import type { LedgerClaim, Mark, TurnPlan } from '@roundtable/core/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
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

const CAPTION = 'Where each answer stands on the claims that matter';
const LABEL = 'Ledger of claims';

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
 * A seat's mark on a claim (the stored ledger marks by seat; a seat it does not name has none): its class, its symbol
 * for the eye, and its word for screen readers.
 */
function seatMark(claim: LedgerClaim, seat: string): [kind: string, symbol: string, word: string] {
  const mark = Object.hasOwn(claim.marks, seat) ? claim.marks[seat] : undefined;
  return [`ledger-mark--${mark?.replace(' ', '-') ?? 'none'}`, mark ? MARKS[mark] : '', mark ?? 'no mark'];
}

/**
 * Where the table's box stands against its content: '' when the table fits (or is not shown); 'more' while some of
 * it is off to the right; 'end' once scrolled to its end. A ResizeObserver on the box (the panel resized, the table
 * shown) and on the table (its content changed) and the box's scroll events keep it current.
 *
 * A size change is measured in the next frame, not in the observer's report: the hint it may add is a line of its
 * own, and growing the page inside a report would leave the message list's own observer (above it) a change it
 * cannot be told about in that frame (the browser's "ResizeObserver loop" error). A scroll only shows or hides what
 * keeps its place, so it is measured at once.
 */
function useOverflow() {
  const box = useRef<HTMLElement>(null);
  const [overflow, setOverflow] = useState('');
  // 1 px of slack: scrollLeft is fractional on a zoomed page, the widths are rounded.
  const measure = () => {
    const el = box.current;
    if (!el) return;
    const hidden = el.scrollWidth - el.clientWidth;
    setOverflow(hidden < 1 ? '' : hidden - el.scrollLeft < 1 ? 'end' : 'more');
  };
  useEffect(() => {
    const el = box.current as HTMLElement;
    const observer = new ResizeObserver(() => requestAnimationFrame(measure));
    observer.observe(el);
    observer.observe(el.firstElementChild as Element);
    return () => observer.disconnect();
  }, []);
  return [box, overflow, measure] as const;
}

/**
 * A synthesis's ledger, in the form the width it has allows: a table (one row per claim, the claim its row's header;
 * one column per answering seat; each cell the seat's mark), or below 400 px one card per claim (its text in full,
 * then each seat's mark beside its name, as a list). The claims are the model's words, shown as text, never as HTML.
 *
 * Both forms are rendered and a container query on the ledger's own box shows one (the other is `display: none`, so
 * screen readers, axe and Tab skip it): the form follows the width the ledger actually has (a sidebar, an editor
 * panel, a nested message), in the first frame and whenever the panel is resized, with no script and no re-render.
 * Measuring with a ResizeObserver instead would render once blind and again after layout, on every resize across
 * 400 px; the cost here is one small list per ledger (a few nodes per claim and seat).
 *
 * A table wider than its box scrolls sideways in it (the keyboard reaches the box) and shows so (`data-overflow`,
 * drawn by the stylesheet): a shadow on its right edge and "Scroll for more" under it, both gone at its end.
 */
export function LedgerTable({ claims, columns }: { claims: readonly LedgerClaim[]; columns: readonly LedgerColumn[] }) {
  const [box, overflow, measure] = useOverflow();
  return (
    <div class="ledger" data-testid="ledger" data-overflow={overflow}>
      <section
        ref={box}
        class="table-scroll ledger-scroll"
        aria-label={LABEL}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard.
        tabIndex={0}
        onScroll={measure}
      >
        <table class="ledger-table" data-testid="ledger-table">
          <caption class="ledger-caption">{CAPTION}</caption>
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
                  <span class="speaker-mark" aria-hidden>
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
                  const [kind, symbol, word] = seatMark(claim, c.seat);
                  return (
                    <td key={c.seat} class={`ledger-mark ${kind}`} title={word}>
                      <span aria-hidden>{symbol}</span>
                      <span class="visually-hidden">{word}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div class="ledger-cards" data-testid="ledger-cards">
        <p class="ledger-caption">{CAPTION}</p>
        <ul aria-label={LABEL}>
          {claims.map((claim, row) => (
            <li key={row} class="ledger-card">
              {claim.claim}
              <ul>
                {columns.map((c) => {
                  const [kind, symbol, word] = seatMark(claim, c.seat);
                  // Seen as "✓ Claude"; heard as "Claude: supported".
                  return (
                    <li key={c.seat} class={kind}>
                      <span aria-hidden>{symbol}</span> {c.name}
                      <span class="visually-hidden">: {word}</span>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
