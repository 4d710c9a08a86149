import { describeVote, describeWithout, ledgerNote } from '@roundtable/core/present';
import type { TurnPlan, ViewMessage } from '@roundtable/core/protocol';
import { useMemo } from 'preact/hooks';
import type { Participant } from '../models/ChatModel';
import type { RenderMarkdown } from '../models/MarkdownModel';
import type { PlanViews } from '../models/PlanViews';
import { DiscussDisputes, RoundChanges } from './DisputeViews';
import { LedgerTable, ledgerColumns } from './LedgerTable';
import { MarkdownContent } from './lazyMarkdown';
import type { MessageActions } from './MessageToolbar';
import { CompareStrategies } from './StrategiesTable';

/**
 * A council's synthesis, from what the host read of it when it ended (`message.synthesis`: the text is never read
 * here): its answer as Markdown, its vote when the question had a short answer (the tally, above the ledger), and its
 * ledger as a table with the names put back; a ledger that could not be read
 * leaves the whole text as the model wrote it, with the reason, and no ledger at all is said too; under it, whose
 * answers it was written without. While it streams, or until the host has read an older thread's synthesis, its
 * text as any reply's. A dispute round's synthesis then says what the round changed (and, under the last round, why
 * the rounds ended); a Council's own offers Discuss disputes while its ledger disputes a claim, and, when it holds a
 * vote, Compare strategies.
 */
export function SynthesisContent({
  message,
  render,
  plan,
  participants,
  views,
  actions,
}: {
  message: Pick<ViewMessage, 'id' | 'content' | 'status' | 'synthesis'>;
  render: RenderMarkdown;
  plan: TurnPlan;
  participants: ReadonlyMap<string, Participant>;
  views: PlanViews;
  actions: Pick<MessageActions, 'discussDisputes' | 'retry'>;
}) {
  const reading = message.synthesis;
  const name = (seat: string) => participants.get(seat)?.displayName ?? seat;
  const note = reading && ledgerNote(reading);
  const without = reading && describeWithout(reading, plan, name);
  const columns = useMemo(() => ledgerColumns(plan, participants), [plan, participants]);
  return (
    <>
      <MarkdownContent
        content={reading?.claims ? (reading.answer ?? message.content) : message.content}
        final={message.status !== 'streaming'}
        render={render}
      />
      {reading?.vote && (
        <p class="message-note vote-tally" data-testid="vote-tally">
          <strong>Vote:</strong> {describeVote(reading.vote, plan, name)}
        </p>
      )}
      {reading?.claims && <LedgerTable claims={reading.claims} columns={columns} />}
      {note && (
        <p class="message-note" data-testid="ledger-note">
          {note}{' '}
          <button type="button" class="link-button" onClick={() => actions.retry(message.id)}>
            Retry
          </button>
        </p>
      )}
      {without && (
        <p class="message-note" data-testid="synthesis-missing">
          {without}
        </p>
      )}
      {plan.disputes ? (
        <RoundChanges planId={plan.id} views={views} />
      ) : (
        <>
          <DiscussDisputes messageId={message.id} views={views} actions={actions} />
          <CompareStrategies messageId={message.id} views={views} name={name} />
        </>
      )}
    </>
  );
}
