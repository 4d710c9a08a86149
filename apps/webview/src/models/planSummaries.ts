import { computed, type ReadonlySignal } from '@preact/signals';
import type { TurnPlan } from '@roundtable/core/protocol';
import type { PlanViews } from './PlanViews';
import { describeMissing, missingAnswers, planCost, planHeading } from './planText';
import { sameWhileEqual } from './sameWhileEqual';

/** What a plan's header row shows. */
export interface PlanSummary {
  readonly plan: TurnPlan;
  readonly heading: string;
  readonly cost: string | undefined;
}

interface Derived {
  readonly summary: ReadonlySignal<PlanSummary | undefined>;
  readonly missing: ReadonlySignal<string | undefined>;
}

/**
 * Keyed on a plan's signal, which `PlanViews` keeps for a plan until another thread shows: so each plan's values are
 * built once per thread, and another thread's are dropped with their key.
 */
const derived = new WeakMap<ReadonlySignal<TurnPlan | undefined>, Derived>();

/**
 * The header of a plan shown as one unit (heading and summed cost); undefined until its plan is known. The same
 * object while the header would say the same, so a reply starting (which a header does not show) or a change to
 * another participant renders no header; derived again only when one of the plan's replies starts, ends or is added.
 */
export function planSummary(views: PlanViews, planId: string): ReadonlySignal<PlanSummary | undefined> {
  return derive(views, planId).summary;
}

/** "Written without GPT’s answer (it failed)": what a plan's later steps did not have; undefined when nothing. */
export function planMissing(views: PlanViews, planId: string): ReadonlySignal<string | undefined> {
  return derive(views, planId).missing;
}

function derive(views: PlanViews, planId: string): Derived {
  const plan = views.plan(planId);
  let values = derived.get(plan);
  if (!values) {
    const replies = views.replies(planId);
    const name = (seat: string) => views.name(seat);
    values = {
      summary: sameWhileEqual(
        (): PlanSummary | undefined => {
          const p = plan.value;
          return p && { plan: p, heading: planHeading(p, name), cost: planCost(p, replies.value) };
        },
        (a, b) => a === b || (a?.plan === b?.plan && a?.heading === b?.heading && a?.cost === b?.cost),
      ),
      missing: computed(() => {
        const p = plan.value;
        return p && describeMissing(missingAnswers(p, replies.value), name);
      }),
    };
    derived.set(plan, values);
  }
  return values;
}
