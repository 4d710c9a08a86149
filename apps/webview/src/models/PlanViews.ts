import { computed, type ReadonlySignal } from '@preact/signals';
import type { TurnPlan, ViewMessage } from '@roundtable/core/protocol';
import type { ParticipantView, ThreadReplica } from '../state/ThreadReplica';
import {
  describeMissing,
  factsOf,
  missingAnswers,
  planCost,
  planHeading,
  type ReplyFacts,
  sameFacts,
} from './planText';

/** What a plan's header row shows. */
export interface PlanSummary {
  readonly plan: TurnPlan;
  readonly heading: string;
  readonly cost: string | undefined;
}

interface PerPlan {
  readonly plan: ReadonlySignal<TurnPlan | undefined>;
  readonly replies: ReadonlySignal<readonly ReplyFacts[]>;
  readonly summary: ReadonlySignal<PlanSummary | undefined>;
  readonly missing: ReadonlySignal<string | undefined>;
}

const NONE: readonly string[] = [];

/**
 * What the panel derives per turn plan: its header (heading and summed cost), what its synthesis lacked, and which
 * reply opens it in the list. Every value is a `computed` keyed on what it reads, so a streamed delta costs nothing
 * here: a reply is read through its facts (status, timing, usage, whether it said anything), which a delta leaves
 * the same object, and `computed` passes nothing on when its value is the same object. So a plan's header or note
 * is derived again only when one of its own replies starts, ends or is added; never for another message's delta.
 *
 * A reply's plan never changes (no patch carries `step`), so grouping by plan peeks at the messages and only the
 * order is subscribed to: once per message added, O(thread), like the list's own render.
 */
export class PlanViews {
  private readonly facts = new WeakMap<ReadonlySignal<ViewMessage>, ReadonlySignal<ReplyFacts>>();
  private perPlan = new Map<string, PerPlan>();
  private cachedFor: string | undefined;

  /** The ids of each plan's replies, in list order. */
  private readonly byPlan = computed(() => {
    const groups = new Map<string, string[]>();
    for (const id of this.replica.order.value) {
      const planId = this.replica.message(id)?.peek().step?.plan;
      if (planId === undefined) continue;
      const ids = groups.get(planId);
      if (ids) ids.push(id);
      else groups.set(planId, [id]);
    }
    return groups;
  });

  /**
   * The replies that open a plan shown as one unit (Independent and Council turns, not a review asked of one reply),
   * by message id, with the plan's id: the list puts the plan's header before each.
   */
  readonly heads = sameWhileEqual(
    () => {
      const plans = this.replica.plans.value;
      const heads = new Map<string, string>();
      for (const [planId, ids] of this.byPlan.value) {
        const plan = plans.get(planId);
        if (plan && isUnit(plan) && ids[0] !== undefined) heads.set(ids[0], planId);
      }
      return heads;
    },
    (a, b) => a.size === b.size && [...a].every(([id, plan]) => b.get(id) === plan),
  );

  constructor(
    private readonly replica: ThreadReplica,
    private readonly participants: ReadonlySignal<ReadonlyMap<string, ParticipantView>>,
  ) {}

  plan(planId: string): ReadonlySignal<TurnPlan | undefined> {
    return this.of(planId).plan;
  }

  /** The header of a plan shown as one unit; undefined until its plan is known. */
  summary(planId: string): ReadonlySignal<PlanSummary | undefined> {
    return this.of(planId).summary;
  }

  /** "Written without GPT’s answer (it failed)": what a plan's later steps did not have; undefined when nothing. */
  missing(planId: string): ReadonlySignal<string | undefined> {
    return this.of(planId).missing;
  }

  private of(planId: string): PerPlan {
    // Another thread's plans are never asked for again: forget them rather than keep them all.
    const threadId = this.replica.thread.peek()?.id;
    if (threadId !== this.cachedFor) {
      this.perPlan = new Map();
      this.cachedFor = threadId;
    }
    let views = this.perPlan.get(planId);
    if (!views) {
      views = this.build(planId);
      this.perPlan.set(planId, views);
    }
    return views;
  }

  private build(planId: string): PerPlan {
    const plan = computed(() => this.replica.plans.value.get(planId));
    const ids = sameWhileEqual(() => this.byPlan.value.get(planId) ?? NONE, sameItems);
    const replies = sameWhileEqual(
      () =>
        ids.value.flatMap((id) => {
          const message = this.replica.message(id);
          return message ? [this.factsOf(message).value] : [];
        }),
      sameItems,
    );
    const name = (seat: string) => this.participants.value.get(seat)?.displayName ?? seat;
    // The same object while the header would say the same, so a reply starting (which a header does not show) or
    // a change to another participant renders no header.
    const summary = sameWhileEqual(
      (): PlanSummary | undefined => {
        const p = plan.value;
        return p && { plan: p, heading: planHeading(p, name), cost: planCost(p, replies.value) };
      },
      (a, b) => a === b || (a?.plan === b?.plan && a?.heading === b?.heading && a?.cost === b?.cost),
    );
    const missing = computed(() => {
      const p = plan.value;
      return p && describeMissing(missingAnswers(p, replies.value), name);
    });
    return { plan, replies, summary, missing };
  }

  private factsOf(message: ReadonlySignal<ViewMessage>): ReadonlySignal<ReplyFacts> {
    let facts = this.facts.get(message);
    if (!facts) {
      facts = sameWhileEqual(() => factsOf(message.value), sameFacts);
      this.facts.set(message, facts);
    }
    return facts;
  }
}

/** Independent and Council turns show as one unit under a header; Discuss replies and asked-for reviews do not. */
export function isUnit(plan: TurnPlan): boolean {
  return plan.mode !== 'discuss' && plan.kind !== 'review';
}

/** A computed that keeps its last value while `equal` says the new one is the same, so nothing downstream runs. */
function sameWhileEqual<T>(derive: () => T, equal: (a: T, b: T) => boolean): ReadonlySignal<T> {
  let last: { value: T } | undefined;
  return computed(() => {
    const next = derive();
    if (last && equal(last.value, next)) return last.value;
    last = { value: next };
    return next;
  });
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
