import { pendingWork } from '../council/pending';
import { conversationOrder } from '../transcript/conversationOrder';
import type { TurnPlan } from '../transcript/plan';
import type { Transcript } from '../transcript/schema';
import type { Table } from './Table';
import type { TurnRunner } from './TurnRunner';

/**
 * The plan a thread's turn left unfinished: the stopped one this window remembers, else the newest plan answering the
 * thread's last user message, when it still owes replies that someone can give now. A plan found in the thread
 * counts only with a reply of it stopped (what Stop and a closing window leave): without one, it may still be running
 * in another window, and offering to continue it would be a lie.
 */
export function unfinishedPlan(
  transcript: Transcript,
  runner: Pick<TurnRunner, 'progressOf' | 'isDismissed'>,
  table: Pick<Table, 'canAnswer'>,
  canAnswer: (seat: string) => boolean = (seat) => table.canAnswer(seat),
): { plan: TurnPlan; from: number; seats: string[] } | undefined {
  const progress = runner.progressOf(transcript.id);
  const lastQuestion = conversationOrder(transcript.messages).findLast((m) => m.role === 'user')?.id;
  const remembered = progress?.state === 'stopped';
  const plan = remembered
    ? transcript.plans?.find((p) => p.id === progress.planId)
    : transcript.plans?.findLast((p) => p.question === lastQuestion);
  if (!plan || runner.isDismissed(plan.id)) return undefined;
  if (!remembered && !transcript.messages.some((m) => m.step?.plan === plan.id && m.status === 'cancelled')) {
    return undefined;
  }
  const pending = pendingWork(plan, transcript.messages, canAnswer);
  return pending ? { plan, ...pending } : undefined;
}
