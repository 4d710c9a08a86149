import type { ReadonlySignal } from '@preact/signals';
import { compareStrategies, type StrategyRow } from '@roundtable/core/present';
import type { TurnPlan, ViewMessage } from '@roundtable/core/protocol';
import type { PlanViews } from './PlanViews';
import { sameWhileEqual } from './sameWhileEqual';

// "Compare strategies" under a Council's synthesis: what each seat alone, the vote, the synthesis and its dispute
// rounds answered and cost (`compareStrategies`), read from the replies already in the replica; nothing is asked
// again. Like `disputeViews`, each value is a `computed` that reads only the replies its rows depend on, each through
// a reading that a streamed delta leaves the same object, and keeps its rows while they say the same: a reply
// streaming anywhere re-renders no table. In the council's lazy chunk: only its views read it.

/** What `compareStrategies` reads of a reply. */
type Reply = Parameters<typeof compareStrategies>[0];

const rowsOf = new WeakMap<ReadonlySignal<ViewMessage>, ReadonlySignal<readonly StrategyRow[] | undefined>>();
const replies = new WeakMap<ReadonlySignal<ViewMessage>, ReadonlySignal<Reply>>();

/**
 * The strategies side by side for the Council whose synthesis is reply `messageId`: undefined while it streams, and
 * unless its reading holds a vote (a question with one short answer) and it is a Council's own synthesis. Keyed on the
 * reply's signal, which the replica keeps while the thread is shown.
 */
export function strategyRows(
  views: PlanViews,
  messageId: string,
): ReadonlySignal<readonly StrategyRow[] | undefined> | undefined {
  const message = views.replica.message(messageId);
  if (!message) return undefined;
  let rows = rowsOf.get(message);
  if (!rows) {
    rows = sameWhileEqual((): readonly StrategyRow[] | undefined => {
      const synthesis = replyOf(message).value;
      // Only this reply is read until it has a vote: a synthesis without one subscribes to nothing else.
      if (synthesis.status === 'streaming' || !synthesis.synthesis?.vote) return undefined;
      const plans = [...views.replica.plans.value.values()];
      return compareStrategies(synthesis, { messages: councilReplies(views, synthesis, plans), plans });
    }, sameRows);
    rowsOf.set(message, rows);
  }
  return rows;
}

/**
 * The replies the rows read: the Council's own, then those of each dispute round that followed its synthesis, in turn
 * (a round argues from the synthesis of the one before). Subscribed to each, and to which replies each plan has.
 */
function councilReplies(views: PlanViews, synthesis: Reply, plans: readonly TurnPlan[]): Reply[] {
  const byPlan = views.byPlan.value;
  const read = (planId: string) =>
    (byPlan.get(planId) ?? []).flatMap((id) => {
      const message = views.replica.message(id);
      return message ? [replyOf(message).value] : [];
    });
  const shown = synthesis.step ? read(synthesis.step.plan) : [];
  // Each round follows one synthesis: at most one round per plan, so the walk ends.
  for (let of = synthesis.id, i = 0; i < plans.length; i++) {
    const round = plans.find((p) => p.disputes?.of === of);
    if (!round) break;
    const own = read(round.id);
    shown.push(...own);
    const last = own.find(
      (m) => m.step && round.steps[m.step.index]?.kind === 'synthesis' && !m.alternativeOf && m.status !== 'deleted',
    );
    if (!last) break;
    of = last.id;
  }
  return shown;
}

/**
 * A reply as the rows read it: the same object while its status, reading, usage and timing stay (its text is read
 * only once it has ended: a round's chair without a vote states its answer there).
 */
function replyOf(message: ReadonlySignal<ViewMessage>): ReadonlySignal<Reply> {
  let reply = replies.get(message);
  if (!reply) {
    reply = sameWhileEqual(
      (): Reply => {
        const m = message.value;
        return m.status === 'streaming' ? { ...m, content: '' } : m;
      },
      (a, b) =>
        a.status === b.status &&
        a.content === b.content &&
        a.synthesis === b.synthesis &&
        a.usage === b.usage &&
        a.timing === b.timing &&
        a.speaker === b.speaker &&
        a.alternativeOf === b.alternativeOf,
    );
    replies.set(message, reply);
  }
  return reply;
}

function sameRows(a: readonly StrategyRow[] | undefined, b: readonly StrategyRow[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((row, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      row.kind === other.kind &&
      row.seat === other.seat &&
      row.answer === other.answer &&
      row.rounds === other.rounds &&
      row.votes?.for === other.votes?.for &&
      row.votes?.of === other.votes?.of &&
      row.spend.inputTokens === other.spend.inputTokens &&
      row.spend.outputTokens === other.spend.outputTokens &&
      row.spend.ms === other.spend.ms &&
      row.spend.estimated === other.spend.estimated
    );
  });
}
