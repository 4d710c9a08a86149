import { isPromptMessage } from '../prompt/promptMessage';
import type { TurnPlan } from '../transcript/plan';
import type { Message } from '../transcript/schema';

/** One reply a step still owes: a new one, or one that never said anything run again in its place. */
export interface Slot {
  seat: string;
  reply: { kind: 'new' } | { kind: 'rerun'; messageId: string };
}

/**
 * The replies step `index` of `plan` still owes, in the step's seat order, from the thread as it is (so it holds after
 * a reload and in every window). A seat owes a reply when it has none in the step, or only one stopped before it
 * said anything (a kept place that never began, a reply stopped while it thought, one cut short by a closing
 * window): that one is run again in its place. A seat whose reply said something (even a stopped part) or failed
 * (Retry is for those), or was deleted (the user's choice), owes nothing. A seat is asked only when its step has
 * something for it to read: a review needs another seat's answer, a synthesis at least one answer. `canAnswer`
 * leaves out seats that cannot answer now (disabled, muted, gone).
 */
export function stepSlots(
  plan: TurnPlan,
  index: number,
  messages: readonly Message[],
  canAnswer: (seat: string) => boolean,
): Slot[] {
  const step = plan.steps[index];
  if (!step) return [];
  const replies = new Map<string, Message>();
  for (const m of messages) {
    if (m.role === 'assistant' && m.step?.plan === plan.id && m.step.index === index && !m.alternativeOf) {
      replies.set(m.speaker, m);
    }
  }
  const answered = new Set(
    messages
      .filter((m) => m.step?.plan === plan.id && m.step.index === 0 && !m.alternativeOf && isPromptMessage(m))
      .map((m) => m.speaker),
  );
  const target = plan.target ? messages.find((m) => m.id === plan.target) : undefined;
  const hasSomethingToRead = (seat: string) => {
    if (step.reads === 'peers') return [...answered].some((s) => s !== seat);
    if (step.reads === 'council') return answered.size > 0;
    if (step.reads === 'target') return target !== undefined && isPromptMessage(target);
    return true;
  };
  return step.seats.flatMap((seat): Slot[] => {
    if (!canAnswer(seat) || !hasSomethingToRead(seat)) return [];
    const reply = replies.get(seat);
    if (!reply) return [{ seat, reply: { kind: 'new' } }];
    const saidNothing = reply.status === 'cancelled' && reply.content === '';
    return saidNothing ? [{ seat, reply: { kind: 'rerun', messageId: reply.id } }] : [];
  });
}

/** Where a plan would go on: its first step that still owes a reply, and who owes them; undefined when it is done. */
export function pendingWork(
  plan: TurnPlan,
  messages: readonly Message[],
  canAnswer: (seat: string) => boolean,
): { from: number; seats: string[] } | undefined {
  for (let index = 0; index < plan.steps.length; index++) {
    const slots = stepSlots(plan, index, messages, canAnswer);
    if (slots.length > 0) return { from: index, seats: slots.map((s) => s.seat) };
    // A step whose replies are still streaming holds the rest: nothing after it is owed yet.
    if (messages.some((m) => m.step?.plan === plan.id && m.step.index === index && m.status === 'streaming')) {
      return undefined;
    }
  }
  return undefined;
}
