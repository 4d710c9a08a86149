import { computed, type ReadonlySignal } from '@preact/signals';
import type { TurnPlan, ViewMessage } from '@roundtable/core/protocol';
import type { ParticipantView, ThreadReplica } from '../state/ThreadReplica';
import { factsOf, type ReplyFacts, sameFacts } from './replyFacts';
import { sameWhileEqual } from './sameWhileEqual';

interface PerPlan {
  readonly plan: ReadonlySignal<TurnPlan | undefined>;
  readonly replies: ReadonlySignal<readonly ReplyFacts[]>;
}

const NONE: readonly string[] = [];

/**
 * What the panel derives per turn plan: the plan, which reply opens it in the list, and the facts of its replies
 * (from which `planSummaries`, in the council's lazy chunk, derives its header). Every
 * value is a `computed` keyed on what it reads, so a streamed delta costs nothing here: a reply is read through its
 * facts (its step, timing and usage), which a delta leaves the same object, and `computed`
 * passes nothing on when its value is the same object. So what is derived from a plan's replies is derived again
 * only when one of them starts, ends or is added; never for another message's delta.
 *
 * A reply's plan never changes (no patch carries `step`), so grouping by plan peeks at the messages and only the
 * order is subscribed to: once per message added, O(thread), like the list's own render.
 */
export class PlanViews {
  private readonly facts = new WeakMap<ReadonlySignal<ViewMessage>, ReadonlySignal<ReplyFacts>>();
  private perPlan = new Map<string, PerPlan>();
  private cachedFor: string | undefined;

  /** The ids of each plan's replies, in list order (changes once per message added). */
  readonly byPlan = computed(() => {
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
    /** Read by what the council's chunk derives from several replies and plans (`disputeViews`). */
    readonly replica: ThreadReplica,
    private readonly participants: ReadonlySignal<ReadonlyMap<string, ParticipantView>>,
  ) {}

  plan(planId: string): ReadonlySignal<TurnPlan | undefined> {
    return this.of(planId).plan;
  }

  /**
   * The facts of a plan's replies, in list order: the same array while none of them starts, ends or is added. With
   * `plan`, the same signal for a plan until another thread shows (a key for what is derived from them).
   */
  replies(planId: string): ReadonlySignal<readonly ReplyFacts[]> {
    return this.of(planId).replies;
  }

  /** A seat's display name (its id when it has left the table); reading it subscribes to the participants. */
  name(seat: string): string {
    return this.participants.value.get(seat)?.displayName ?? seat;
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
    return { plan, replies };
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

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
