import { parseLedger, type TurnPlan } from '@roundtable/core/protocol';
import { useMemo } from 'preact/hooks';
import type { Participant } from '../models/ChatModel';
import type { RenderMarkdown } from '../models/MarkdownModel';
import type { PlanViews } from '../models/PlanViews';
import { planMissing } from '../models/planSummaries';
import { LedgerTable, ledgerColumns } from './LedgerTable';
import { MarkdownContent } from './MarkdownContent';

/** Said under a synthesis that wrote no ledger block. */
export const NO_LEDGER_NOTE = 'The synthesis wrote no ledger of its claims.';

/**
 * A council's synthesis: while it streams, its text as any reply's; once done, read with `parseLedger` (by the plan's
 * letters) into its answer, shown as Markdown, and its ledger, shown as a table with the names put back. A ledger that
 * cannot be read leaves the whole text as the model wrote it, with the reason; no ledger at all is said too. Under
 * it, whose answers it was written without (`planMissing`).
 */
export function SynthesisContent({
  content,
  final,
  render,
  plan,
  participants,
  views,
  planId,
}: {
  content: string;
  final: boolean;
  render: RenderMarkdown;
  plan: TurnPlan;
  participants: ReadonlyMap<string, Participant>;
  /** Where `planMissing` reads whose answers the synthesis was written without. */
  views: PlanViews;
  planId: string;
}) {
  const missing = planMissing(views, planId).value;
  // Parsed once the text is final, and again only if it changes (a retry); never per streamed delta.
  const reading = useMemo(
    () => (final ? parseLedger(content, Object.values(plan.letters ?? {})) : undefined),
    [final, content, plan],
  );
  const columns = useMemo(() => ledgerColumns(plan, participants), [plan, participants]);
  return (
    <>
      <MarkdownContent content={reading ? reading.answer : content} final={final} render={render} />
      {reading?.kind === 'ledger' && <LedgerTable claims={reading.claims} columns={columns} />}
      {reading && reading.kind !== 'ledger' && (
        <p class="message-note" data-testid="ledger-note">
          {reading.kind === 'malformed' ? reading.note : NO_LEDGER_NOTE}
        </p>
      )}
      {missing && (
        <p class="message-note" data-testid="synthesis-missing">
          {missing}
        </p>
      )}
    </>
  );
}
