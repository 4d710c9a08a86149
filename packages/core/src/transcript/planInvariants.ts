import { comparePlans } from './order';
import type { Message, Transcript } from './schema';

/**
 * The first broken rule among plans, steps and reviews, as a readable line; undefined when all hold:
 * - plans have unique ids and are stored in the order they were made (`comparePlans`);
 * - a plan answers a user message of the thread; a review plan names the reply it reviews, and only it does; a dispute
 *   round names its claims and the reply (a synthesis) it argues from, and only it does;
 * - a step names each seat once; a per-reader order belongs to a seat of its step and lists answering seats once;
 * - no two seats share a neutral letter;
 * - only replies carry a step, a reviewed reply or a timing; a step names a plan of the thread and one of its steps;
 * - a review names an earlier reply of the thread that is not itself a review.
 */
export function findPlanViolation(transcript: Transcript): string | undefined {
  const plans = transcript.plans ?? [];
  const messages = new Map<string, Message>(transcript.messages.map((m) => [m.id, m]));
  const steps = new Map<string, number>();
  for (const [i, plan] of plans.entries()) {
    const at = `plans[${i}]`;
    if (steps.has(plan.id)) return `${at}.id: duplicate plan id "${plan.id}"`;
    steps.set(plan.id, plan.steps.length);
    const previous = plans[i - 1];
    if (previous && comparePlans(previous, plan) >= 0) {
      return `${at}: out of order (plans are stored by createdAt, then id)`;
    }
    if (messages.get(plan.question)?.role !== 'user') {
      return `${at}.question: "${plan.question}" is not a user message of this thread`;
    }
    if ((plan.kind === 'review') !== (plan.target !== undefined)) {
      return `${at}.target: a review plan, and only one, names the reply it reviews`;
    }
    if (plan.target !== undefined && messages.get(plan.target)?.role !== 'assistant') {
      return `${at}.target: "${plan.target}" is not a reply of this thread`;
    }
    if ((plan.kind === 'disputes') !== (plan.disputes !== undefined)) {
      return `${at}.disputes: a dispute round, and only one, names the claims it argues`;
    }
    if (plan.disputes !== undefined && messages.get(plan.disputes.of)?.role !== 'assistant') {
      return `${at}.disputes.of: "${plan.disputes.of}" is not a reply of this thread`;
    }
    const letters = Object.values(plan.letters ?? {});
    if (new Set(letters).size !== letters.length) return `${at}.letters: two seats share a letter`;
    for (const [j, step] of plan.steps.entries()) {
      const problem = stepProblem(step.seats, step.orders);
      if (problem) return `${at}.steps[${j}].${problem}`;
    }
  }

  const seen = new Set<string>();
  for (const [i, m] of transcript.messages.entries()) {
    const at = `messages[${i}]`;
    const reply = m.role === 'assistant';
    if (!reply && m.step !== undefined) return `${at}.step: only replies belong to a plan step`;
    if (!reply && m.reviewOf !== undefined) return `${at}.reviewOf: only a reply reviews another`;
    if (!reply && m.timing !== undefined) return `${at}.timing: only replies are timed`;
    if (m.step !== undefined) {
      const count = steps.get(m.step.plan);
      if (count === undefined) return `${at}.step.plan: "${m.step.plan}" is not a plan of this thread`;
      if (m.step.index >= count) return `${at}.step.index: plan "${m.step.plan}" has ${count} step(s)`;
    }
    if (m.reviewOf !== undefined) {
      const reviewed = messages.get(m.reviewOf);
      if (!seen.has(m.reviewOf) || reviewed?.role !== 'assistant') {
        return `${at}.reviewOf: "${m.reviewOf}" is not an earlier reply of this thread`;
      }
      if (reviewed.reviewOf !== undefined) return `${at}.reviewOf: "${m.reviewOf}" is itself a review`;
    }
    seen.add(m.id);
  }
  return undefined;
}

function stepProblem(
  seats: readonly string[],
  orders: Readonly<Record<string, readonly string[]>> | undefined,
): string | undefined {
  if (new Set(seats).size !== seats.length) return 'seats: a seat is named twice';
  for (const [reader, order] of Object.entries(orders ?? {})) {
    if (!seats.includes(reader)) return `orders: "${reader}" is not a seat of this step`;
    if (new Set(order).size !== order.length) return `orders.${reader}: a response is listed twice`;
  }
  return undefined;
}
