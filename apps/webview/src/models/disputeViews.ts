import type { ReadonlySignal } from '@preact/signals';
import { describeDisputesEnd, describeRoundChanges, disputesOffered } from '@roundtable/core/present';
import type { TurnPlan, ViewMessage } from '@roundtable/core/protocol';
import type { PlanViews } from './PlanViews';
import { sameWhileEqual } from './sameWhileEqual';

// What the panel says of Discuss disputes, derived from the replica with core's words (`@roundtable/core/present`).
// Each value is a `computed` that reads only the replies and plans its words depend on, and keeps its object while
// they say the same: a streamed delta of any other reply costs nothing here, and one of a reply it reads (a round's
// position or synthesis streaming in) re-derives a few lines and renders nothing unless they changed. In the council's
// lazy chunk: only its views read it.

/** What a dispute round's synthesis says under its ledger. */
export interface RoundSummary {
  /** What changed in the round, seat by seat (or that nothing did). */
  readonly changes: readonly string[];
  /** Why the rounds ended, under the last one only. */
  readonly end: string | undefined;
}

const offers = new WeakMap<ReadonlySignal<ViewMessage>, ReadonlySignal<number>>();
const summaries = new WeakMap<ReadonlySignal<TurnPlan | undefined>, ReadonlySignal<RoundSummary | undefined>>();

/**
 * How many claims Discuss disputes would argue on reply `messageId` (`disputesOffered`); 0 when it is not offered, and
 * while the thread is busy (one turn at a time: the host would refuse it). Keyed on the reply's signal, which the
 * replica keeps while the thread is shown.
 */
export function disputesOffer(views: PlanViews, messageId: string): ReadonlySignal<number> | undefined {
  const message = views.replica.message(messageId);
  if (!message) return undefined;
  let offer = offers.get(message);
  if (!offer) {
    offer = sameWhileEqual(
      () => {
        if (views.replica.thread.value?.busy) return 0;
        const m = message.value;
        // It reads the reply and the plans (whether a round started from it), no other reply: so none is read here,
        // and a delta of another costs nothing.
        return disputesOffered(m, { messages: [m], plans: [...views.replica.plans.value.values()] });
      },
      (a, b) => a === b,
    );
    offers.set(message, offer);
  }
  return offer;
}

/**
 * What dispute round `planId` changed, and why the rounds ended when it was the last (`describeRoundChanges`,
 * `describeDisputesEnd`). Keyed on the plan's signal, which `PlanViews` keeps until another thread shows.
 */
export function roundSummary(views: PlanViews, planId: string): ReadonlySignal<RoundSummary | undefined> {
  const plan = views.plan(planId);
  let summary = summaries.get(plan);
  if (!summary) {
    const name = (seat: string) => views.name(seat);
    summary = sameWhileEqual(
      (): RoundSummary | undefined => {
        const p = plan.value;
        if (!p?.disputes) return undefined;
        const thread = { messages: roundReplies(views, p), plans: [...views.replica.plans.value.values()] };
        return { changes: describeRoundChanges(p, thread, name), end: describeDisputesEnd(p, thread) };
      },
      (a, b) => a === b || (a?.end === b?.end && sameLines(a?.changes ?? [], b?.changes ?? [])),
    );
    summaries.set(plan, summary);
  }
  return summary;
}

/**
 * The replies a round's words read: its own, the synthesis it argues from, and, when that synthesis ended the round
 * before, that round's replies (whether it changed a position). Subscribed to each, and to which replies each plan has.
 */
function roundReplies(views: PlanViews, plan: TurnPlan): ViewMessage[] {
  const { replica, byPlan } = views;
  const of = plan.disputes && replica.message(plan.disputes.of)?.value;
  const previous = of?.step && views.plan(of.step.plan).value;
  const ids = new Set(byPlan.value.get(plan.id));
  if (of) ids.add(of.id);
  if (previous?.kind === 'disputes') for (const id of byPlan.value.get(previous.id) ?? []) ids.add(id);
  return [...ids].flatMap((id) => {
    const m = replica.message(id)?.value;
    return m ? [m] : [];
  });
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}
