import type { PlanViews } from '../models/PlanViews';
import { planSummary } from '../models/planSummaries';
import { PLAN_COST_RULE } from '../models/planText';
import './PlanHeader.css';

/**
 * The row above an Independent or Council turn's first reply, which makes its replies one unit: the mode and what
 * the turn holds ("Council · 3 answers, reviews, synthesis by Claude"), then what its replies cost together. It reads
 * the plan's summary alone, which changes when one of its replies starts, ends or is added, never per streamed delta.
 */
export function PlanHeader({ planId, views }: { planId: string; views: PlanViews }) {
  const summary = planSummary(views, planId).value;
  if (!summary) return null;
  return (
    <div class="plan-header" data-testid="plan-header" data-plan-id={planId} data-mode={summary.plan.mode}>
      <span class="plan-heading">{summary.heading}</span>
      {summary.cost && (
        <span class="plan-cost" data-testid="plan-cost" title={PLAN_COST_RULE}>
          {summary.cost}
        </span>
      )}
    </div>
  );
}
