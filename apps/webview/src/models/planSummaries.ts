import type { ReadonlySignal } from '@preact/signals';
import type { TurnPlan } from '@roundtable/core/protocol';
import type { PlanViews } from './PlanViews';
import { planCost, planHeading } from './planText';
import { sameWhileEqual } from './sameWhileEqual';

/** What a plan's header row shows. */
export interface PlanSummary {
  readonly plan: TurnPlan;
  readonly heading: string;
  readonly cost: string | undefined;
}

/**
 * Keyed on a plan's signal, which `PlanViews` keeps for a plan until another thread shows: so each plan's header is
 * built once per thread, and another thread's are dropped with their key.
 */
const derived = new WeakMap<ReadonlySignal<TurnPlan | undefined>, ReadonlySignal<PlanSummary | undefined>>();

/**
 * The header of a plan shown as one unit (heading and summed cost); undefined until its plan is known. The same
 * object while the header would say the same, so a reply starting (which a header does not show) or a change to
 * another participant renders no header; derived again only when one of the plan's replies starts, ends or is added.
 */
export function planSummary(views: PlanViews, planId: string): ReadonlySignal<PlanSummary | undefined> {
  const plan = views.plan(planId);
  let summary = derived.get(plan);
  if (!summary) {
    const replies = views.replies(planId);
    const name = (seat: string) => views.name(seat);
    summary = sameWhileEqual(
      (): PlanSummary | undefined => {
        const p = plan.value;
        return p && { plan: p, heading: planHeading(p, name), cost: planCost(p, replies.value) };
      },
      (a, b) => a === b || (a?.plan === b?.plan && a?.heading === b?.heading && a?.cost === b?.cost),
    );
    derived.set(plan, summary);
  }
  return summary;
}
