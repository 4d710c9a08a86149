import { formatElapsed, type StrategyRow } from '@roundtable/core/present';
import { useState } from 'preact/hooks';
import type { PlanViews } from '../models/PlanViews';
import { tokenLine } from '../models/planText';
import { strategyRows } from '../models/strategyViews';
import './StrategiesTable.css';

/** What Compare strategies shows: the button's tooltip. */
const COMPARE_STRATEGIES =
  'What each seat alone, the vote of their answers, the synthesis and any dispute rounds answered, and what each ' +
  'cost, read from this turn’s replies: nothing is asked again.';

/** How the figures are counted: said on hover over their columns' headers. */
const TOKENS_RULE = 'Tokens read and written by every reply the strategy needs, added up';
const TIME_RULE = 'As the user waits: replies that ran at once count their longest, steps one after another add up';

/**
 * Under a Council's own synthesis whose question had one short answer (its reading holds a vote): the Compare
 * strategies button, which shows the strategies side by side. Read from the rows alone (`strategyRows`), which change
 * when a reply they read ends or is added, never for a streamed delta; the table is drawn only once it is opened.
 */
export function CompareStrategies({
  messageId,
  views,
  name,
}: {
  messageId: string;
  views: PlanViews;
  name: (seat: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const rows = strategyRows(views, messageId)?.value;
  if (!rows) return null;
  const tableId = `strategies-${messageId}`;
  return (
    <div class="compare-strategies">
      <button
        type="button"
        class="button-secondary"
        data-testid="compare-strategies"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? tableId : undefined}
        title={COMPARE_STRATEGIES}
        onClick={() => setOpen(!open)}
      >
        Compare strategies
      </button>
      {open && <StrategiesTable id={tableId} rows={rows} name={name} />}
    </div>
  );
}

/**
 * One row per strategy, its answer (a short answer's normal form: the models' words, shown as text, never as HTML),
 * its tokens and its time. A narrow panel scrolls the table sideways in its own box, which the keyboard can reach.
 */
function StrategiesTable({
  id,
  rows,
  name,
}: {
  id: string;
  rows: readonly StrategyRow[];
  name: (seat: string) => string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard.
    <section id={id} class="table-scroll strategies-scroll" aria-label="What each strategy answered" tabIndex={0}>
      <table class="strategies-table" data-testid="strategies-table">
        <caption class="strategies-caption">What each strategy would have answered, from this turn’s replies</caption>
        <thead>
          <tr>
            <th scope="col">Strategy</th>
            <th scope="col">Answer</th>
            <th scope="col" title={TOKENS_RULE}>
              Tokens
            </th>
            <th scope="col" title={TIME_RULE}>
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // The rows are derived, replaced whole, in core's order: the index is a stable key.
            <tr key={i} data-kind={row.kind}>
              <th scope="row" class="strategy-name">
                {strategyName(row, name)}
              </th>
              <td class="strategy-answer">{answerOf(row)}</td>
              <td>
                {row.spend.inputTokens + row.spend.outputTokens > 0
                  ? tokenLine(row.spend.inputTokens, row.spend.outputTokens, row.spend.estimated, '')
                  : none('none reported')}
              </td>
              <td>{row.spend.ms > 0 ? formatElapsed(row.spend.ms) : none('not reported')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function strategyName(row: StrategyRow, name: (seat: string) => string): string {
  if (row.kind === 'seat') return `${name(row.seat ?? '')} alone`;
  if (row.kind === 'vote') return 'The vote';
  if (row.kind === 'synthesis') return 'The synthesis';
  const rounds = row.rounds ?? 0;
  return `After ${rounds} dispute ${rounds === 1 ? 'round' : 'rounds'}`;
}

/** The vote says how many gave its answer ("42 (2 of 3)"), or that no answer had more than half. */
function answerOf(row: StrategyRow) {
  const votes = row.votes && row.votes.of > 0 ? `${row.votes.for} of ${row.votes.of}` : undefined;
  if (row.kind === 'vote' && row.answer === undefined) return votes ? `no majority (at most ${votes})` : 'no majority';
  if (row.answer === undefined) return none('no short answer');
  return votes ? `${row.answer} (${votes})` : row.answer;
}

/** A cell with nothing to say: a dash for the eye, the words for screen readers. */
function none(words: string) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span class="visually-hidden">{words}</span>
    </>
  );
}
