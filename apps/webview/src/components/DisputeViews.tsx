import { describePositions } from '@roundtable/core/present';
import type { TurnPlan, ViewMessage } from '@roundtable/core/protocol';
import { disputesOffer, roundSummary } from '../models/disputeViews';
import type { RenderMarkdown } from '../models/MarkdownModel';
import type { PlanViews } from '../models/PlanViews';
import { MarkdownContent } from './lazyMarkdown';
import type { MessageActions } from './MessageToolbar';
import './DisputeViews.css';

// The views of Discuss disputes, in the council's chunk: a seat's positions in a round, what a round changed and why
// the rounds ended, and the button that starts them. Every model string (a claim, an argument) reaches the page as
// text, never as HTML: the lines are core's words around the stored claims, rendered as text nodes.

/** Why a position marked `withoutReason` is flagged: said on hover; the line itself says "changed without a reason". */
const WITHOUT_REASON =
  'It changed its position without a new argument: conformity to the others, not an argument, may explain it';

/**
 * A reply of a dispute round's position step: its text as any reply's, then, once it has ended, the positions the host
 * read from it (`message.positions`: the text is never read here), one line per claim; a change without a new argument
 * is flagged. While it streams, or when the host read nothing (it failed, or its end is not known here yet), no list.
 */
export function PositionsContent({
  message,
  render,
  plan,
}: {
  message: Pick<ViewMessage, 'content' | 'status' | 'positions'>;
  render: RenderMarkdown;
  plan: TurnPlan;
}) {
  const reading = message.status === 'streaming' ? undefined : message.positions;
  const lines = reading ? describePositions(reading, plan) : [];
  return (
    <>
      <MarkdownContent content={message.content} final={message.status !== 'streaming'} render={render} />
      {reading?.malformed !== undefined ? (
        <p class="message-note" data-testid="positions-malformed">
          {lines[0]}
        </p>
      ) : (
        lines.length > 0 && (
          <div class="dispute-lines" data-testid="positions">
            <strong>Positions</strong>
            <ul>
              {lines.map((line, i) => {
                // One line per stored position, in their order (they never move: the index is their identity).
                const flagged = reading?.claims?.[i]?.withoutReason === true;
                return (
                  <li
                    key={i}
                    class={flagged ? 'position position--without-reason' : 'position'}
                    title={flagged ? WITHOUT_REASON : undefined}
                  >
                    {flagged && (
                      <span class="position-flag" aria-hidden="true">
                        ⚠
                      </span>
                    )}
                    {line}
                  </li>
                );
              })}
            </ul>
          </div>
        )
      )}
    </>
  );
}

/**
 * Under a dispute round's synthesis: what changed in the round (who now holds or rejects which claim, or that no seat
 * moved), and under the last round, why the rounds ended. Read from the round's summary alone, which changes when one
 * of the replies it reads does, never for another reply's delta.
 */
export function RoundChanges({ planId, views }: { planId: string; views: PlanViews }) {
  const summary = roundSummary(views, planId).value;
  if (!summary) return null;
  return (
    <>
      <div class="dispute-lines" data-testid="round-changes">
        <strong>What changed in this round</strong>
        <ul>
          {summary.changes.map((line, i) => (
            // Derived lines, replaced whole: the index is a stable key.
            <li key={i}>{line}</li>
          ))}
        </ul>
      </div>
      {summary.end && (
        <p class="message-note disputes-end" data-testid="disputes-end">
          {summary.end}
        </p>
      )}
    </>
  );
}

/** What Discuss disputes does: the button's tooltip. */
const DISCUSS_DISPUTES =
  'Each seat that answered argues the disputed claims again, reading only the claims and the arguments on each side, ' +
  'under no names; the chair updates the answer and the ledger. Rounds follow until nothing is disputed, two rounds ' +
  'change nothing, or roundtable.council.maxDisputeRounds have run.';

/**
 * The Discuss disputes button under a Council's synthesis, while it is offered there (`disputesOffer`: its ledger
 * disputes a claim or its vote is split, no round started from it, the thread is not busy). Says how many claims the
 * rounds would argue, which the button's description reads out too.
 */
export function DiscussDisputes({
  messageId,
  views,
  actions,
}: {
  messageId: string;
  views: PlanViews;
  actions: Pick<MessageActions, 'discussDisputes'>;
}) {
  const count = disputesOffer(views, messageId)?.value ?? 0;
  if (count === 0) return null;
  const countId = `disputes-count-${messageId}`;
  return (
    <p class="discuss-disputes">
      <button
        type="button"
        class="button-secondary"
        data-testid="discuss-disputes"
        aria-describedby={countId}
        title={DISCUSS_DISPUTES}
        onClick={() => actions.discussDisputes(messageId)}
      >
        Discuss disputes
      </button>
      <span id={countId} class="discuss-disputes-count">
        {count === 1 ? '1 claim disputed' : `${count} claims disputed`}
      </span>
    </p>
  );
}
