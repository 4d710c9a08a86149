import { pendingWork } from '../council/pending';
import { conversationOrder } from '../transcript/conversationOrder';
import type { TurnPlan } from '../transcript/plan';
import type { Transcript } from '../transcript/schema';
import { wasInterrupted } from '../transcript/turnLease';
import type { Table } from './Table';
import type { TurnRunner } from './TurnRunner';

/** A plan left unfinished: where it goes on, who still owes a reply, and whether a crash cut it off. */
export interface UnfinishedPlan {
  plan: TurnPlan;
  from: number;
  seats: string[];
  /** Its turn was cut off when the window running it stopped (its lease was found stale). */
  cutOff: boolean;
}

/**
 * The plan a thread's turn left unfinished: the stopped one this window remembers, else the newest plan answering the
 * thread's last user message, when it still owes replies that someone can give now. A plan found in the thread
 * counts only when its turn is known to have ended: a reply of it stopped (what Stop and a closing window leave), or
 * its lease ended as interrupted (a crash, found by `LeasedThreads`). Never one another window's live lease holds: it
 * runs there, and offering to continue it would be a lie. Nor a Council that ended at its unanimous vote
 * (`TurnRunner.agreedVote`).
 */
export function unfinishedPlan(
  transcript: Transcript,
  runner: Pick<TurnRunner, 'progressOf' | 'isDismissed' | 'heldElsewhere' | 'agreedVote'>,
  table: Pick<Table, 'canAnswer'>,
  canAnswer: (seat: string) => boolean = (seat) => table.canAnswer(seat),
): UnfinishedPlan | undefined {
  const progress = runner.progressOf(transcript.id);
  const lastQuestion = conversationOrder(transcript.messages).findLast((m) => m.role === 'user')?.id;
  const remembered = progress?.state === 'stopped';
  const plan = remembered
    ? transcript.plans?.find((p) => p.id === progress.planId)
    : transcript.plans?.findLast((p) => p.question === lastQuestion);
  if (!plan || runner.isDismissed(plan.id) || runner.heldElsewhere(transcript.id, plan.id)) return undefined;
  const cutOff = wasInterrupted(transcript.leases ?? [], plan.id);
  if (
    !remembered &&
    !cutOff &&
    !transcript.messages.some((m) => m.step?.plan === plan.id && m.status === 'cancelled')
  ) {
    return undefined;
  }
  // A Council that ended at its vote owes nothing, even when a crash cut its turn off right after the answers: its
  // reviews are Review anyway's.
  if (runner.agreedVote(transcript.id)?.plan === plan.id) return undefined;
  const pending = pendingWork(plan, transcript.messages, canAnswer);
  return pending ? { plan, ...pending, cutOff: cutOff && !remembered } : undefined;
}
