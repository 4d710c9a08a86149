import { errorMessage } from '../base/errors';
import { stepSlots } from '../council/pending';
import { endedAtVote } from '../council/unanimous';
import { refuseAbsent, splitSeats } from './absentSeats';
import { type IntentResult, OK, refuse } from './result';
import type { TurnContext } from './turnIntents';

const BUSY = 'A reply is still streaming in this thread.';
const GONE = 'That thread is not open any more.';

/**
 * Review anyway: a Council that ended at its unanimous vote (`endedAtVote`) runs the rest of its plan, from its
 * reviews on, in the same thread and under the same rules as Continue: never while a turn runs there, and only once
 * the plan's turn lease is taken (written at once, so of two windows asking together only the first runs it; the
 * other is told). Its first review placed, the plan is an ordinary Council again. Seats that cannot answer now are left
 * out; when none of the reviews and synthesis can be asked, it is refused with why.
 */
export async function reviewAnyway(ctx: TurnContext, threadId: string, planId: string): Promise<IntentResult> {
  const transcript = ctx.store.transcript(threadId);
  if (!transcript) return refuse(GONE);
  if (ctx.runner.isBusy(threadId)) return refuse(BUSY);
  const plan = transcript.plans?.find((p) => p.id === planId);
  if (!plan || !endedAtVote(plan, transcript.messages)) {
    return refuse('That Council did not end at its vote: it has nothing left to review.');
  }
  const owed = (canAnswer: (seat: string) => boolean) =>
    plan.steps.slice(1).flatMap((_, i) => stepSlots(plan, i + 1, transcript.messages, canAnswer).map((s) => s.seat));
  if (owed((seat) => ctx.table.canAnswer(seat)).length === 0) {
    const { absent } = splitSeats(
      owed((seat) => ctx.table.isRoutable(seat)),
      ctx.table,
    );
    if (absent.length > 0) return refuseAbsent(absent, ctx.table, 'No review');
    return refuse('None of its seats can review now (each is disabled or muted).');
  }
  const lease = await ctx.store
    .leasesReady()
    .then((leases) => leases?.claim(threadId, plan.id))
    .catch((error: unknown) => error as Error);
  if (lease instanceof Error) return refuse(`The reviews could not be started: ${errorMessage(lease)}`);
  if (lease === 'held') return refuse('Another VS Code window is running this turn.');
  if (lease === undefined) return refuse(GONE);
  // Another turn may have started while the lease was written: the lease is then ended, and nothing runs.
  if (!ctx.runner.start(threadId, { kind: 'plan', planId: plan.id, from: 1, lease })) return refuse(BUSY);
  return OK;
}
