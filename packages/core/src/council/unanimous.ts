import type { TurnPlan } from '../transcript/plan';
import type { Message } from '../transcript/schema';
import { normalAnswer, statedAnswer } from './shortAnswer';
import type { AgreedVote } from './unanimousText';

// A Council that stops when the table agrees. When every blind answer states the same short answer (the vote's normal
// form), the reviews and the synthesis add nothing but cost ("Debate Only When Necessary", 2025): the vote is the
// answer. Whether a Council ended so is read from the thread alone, never stored apart: its plan, its answers, and
// the absence of any reply of its later steps. So a reload, another window, crash-safe resume and Continue all see the
// same, and a thread written this way reads in any build (nothing new is written).

/** A Council's unanimous vote (`AgreedVote`: the answer, how many gave it, the requests its later steps would take). */
export interface UnanimousVote extends AgreedVote {
  /** The Council's plan. */
  plan: string;
}

/**
 * The vote of a Council's blind answers when the table is unanimous: a Council of a user message (`kind: message`,
 * answers first, more steps after); every seat of its answers' step gave an answer (the original, not an
 * alternative) that ended complete and states a short answer (`statedAnswer`, then `normalAnswer`); and all those
 * normal forms are equal. Undefined otherwise: a question with no short answer, an answer that failed, was stopped,
 * is still streaming, was deleted or never came (the table did not all answer), or a split vote.
 */
export function unanimousVote(
  plan: TurnPlan,
  messages: readonly Pick<Message, 'role' | 'speaker' | 'step' | 'alternativeOf' | 'status' | 'content'>[],
): UnanimousVote | undefined {
  const answers = plan.steps[0];
  if (plan.mode !== 'council' || plan.kind !== 'message' || answers?.kind !== 'answer' || plan.steps.length < 2) {
    return undefined;
  }
  if (answers.seats.length < 2) return undefined;
  const forms = new Set<string>();
  for (const seat of answers.seats) {
    const reply = messages.find(
      (m) =>
        m.role === 'assistant' &&
        m.speaker === seat &&
        m.step?.plan === plan.id &&
        m.step.index === 0 &&
        m.alternativeOf === undefined,
    );
    if (reply?.status !== 'complete') return undefined;
    const said = statedAnswer(reply.content);
    const form = said === undefined ? undefined : normalAnswer(said);
    if (form === undefined) return undefined;
    forms.add(form);
    if (forms.size > 1) return undefined;
  }
  const [answer] = forms;
  if (answer === undefined) return undefined;
  const saved = plan.steps.slice(1).reduce((n, step) => n + step.seats.length, 0);
  return { plan: plan.id, answer, seats: answers.seats.length, saved };
}

/**
 * The vote a Council ended at: its table was unanimous (`unanimousVote`) and no reply of its later steps exists, so
 * nothing after the answers ran (with `roundtable.council.skipWhenUnanimous`, the runner stops there). Review anyway
 * places the reviews, and from then on the plan is an ordinary Council again (stopped, continued, retried as any).
 */
export function endedAtVote(
  plan: TurnPlan,
  messages: readonly Pick<Message, 'role' | 'speaker' | 'step' | 'alternativeOf' | 'status' | 'content'>[],
): UnanimousVote | undefined {
  if (messages.some((m) => m.step?.plan === plan.id && m.step.index > 0)) return undefined;
  return unanimousVote(plan, messages);
}

/**
 * Each Council of `plans` that ended at its vote, by the id of its last answer in `ordered` (the conversation's order):
 * where an export says it ended there.
 */
export function votesEndedAfter(ordered: readonly Message[], plans: readonly TurnPlan[]): Map<string, UnanimousVote> {
  const after = new Map<string, UnanimousVote>();
  for (const plan of plans) {
    const vote = endedAtVote(plan, ordered);
    const last = vote && ordered.findLast((m) => m.step?.plan === plan.id);
    if (vote && last) after.set(last.id, vote);
  }
  return after;
}
