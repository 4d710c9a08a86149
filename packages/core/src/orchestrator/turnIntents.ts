import { errorMessage } from '../base/errors';
import { firstDisputeRound } from '../council/disputeRounds';
import { planForReview, planForRound } from '../council/plans';
import { questionOf } from '../council/questionOf';
import type { IdGenerator } from '../ports';
import type { ThreadStore } from '../store/ThreadStore';
import type { PlanDraft } from '../transcript/plan';
import { refuseAbsent, splitSeats } from './absentSeats';
import { type IntentResult, OK, refuse } from './result';
import { nextRound } from './rounds';
import type { Table } from './Table';
import type { ReplyTarget, TurnRunner } from './TurnRunner';
import { unfinishedPlan } from './unfinishedPlan';

/** What the turn intents work with: the thread store, the turn runner, the table and fresh ids. */
export interface TurnContext {
  store: ThreadStore;
  runner: TurnRunner;
  table: Table;
  ids: IdGenerator;
}

const BUSY = 'A reply is still streaming in this thread.';
const GONE = 'That thread is not open any more.';

const HELD = 'Another VS Code window is continuing this turn.';

/**
 * Continue: the plan the thread's last turn left unfinished (stopped in this window or another, before a reload, or
 * cut off when a window stopped) goes on from its first step that still owes a reply. Seats that cannot answer now are
 * left out (disabled, muted or gone: the offer is dropped; absent: it stays, so Continue can be asked again once they
 * are fixed). The plan's turn lease is taken first, written at once: of two windows continuing it together, only the
 * first to write runs it; the other is told.
 */
export async function continueTurn(ctx: TurnContext, threadId: string): Promise<IntentResult> {
  const transcript = ctx.store.transcript(threadId);
  if (!transcript) return refuse(GONE);
  if (ctx.runner.isBusy(threadId)) return refuse(BUSY);
  const open = unfinishedPlan(transcript, ctx.runner, ctx.table);
  if (!open) {
    const routable = unfinishedPlan(transcript, ctx.runner, ctx.table, (seat) => ctx.table.isRoutable(seat));
    if (routable) return refuseAbsent(splitSeats(routable.seats, ctx.table).absent, ctx.table);
    const waiting = unfinishedPlan(transcript, ctx.runner, ctx.table, () => true);
    ctx.runner.dismissSkipped(threadId, waiting?.plan.id);
    return refuse(
      waiting
        ? 'None of the participants who were skipped can answer now (each is disabled or muted).'
        : 'Nobody in this thread is waiting for a turn.',
    );
  }
  const claimed = ctx.store.leasesReady().then((leases) => leases?.claim(threadId, open.plan.id));
  const lease = await claimed.catch((error: unknown) => error as Error);
  if (lease instanceof Error) return refuse(`The turn could not be taken up: ${errorMessage(lease)}`);
  if (lease === 'held') return refuse(HELD);
  if (lease === undefined) return refuse(GONE);
  // Another turn may have started while the lease was written: the lease is then ended, and nothing runs.
  if (!ctx.runner.start(threadId, { kind: 'plan', planId: open.plan.id, from: open.from, lease })) return refuse(BUSY);
  return OK;
}

/** Another round of the discussion of the last user message, in the way of its mode (see `planForRound`). */
export function startAnotherRound(ctx: TurnContext, threadId: string): IntentResult {
  const transcript = ctx.store.transcript(threadId);
  if (!transcript) return refuse(GONE);
  if (ctx.runner.isBusy(threadId)) return refuse(BUSY);
  const next = nextRound(transcript.messages, ctx.table.settings, transcript.plans);
  if (!next.ok) return next;
  const { answering, absent } = splitSeats(next.responders, ctx.table);
  if (answering.length === 0) return refuseAbsent(absent, ctx.table, 'No other round');
  const draft = planForRound({
    id: ctx.ids.next(),
    question: next.question,
    mode: next.mode,
    seats: answering,
    round: next.round,
    settings: ctx.table.settings,
  });
  return runPlan(ctx, threadId, draft);
}

/**
 * "Ask the table to review": every other seat that can answer (or the members of `groupId`, the reply's own speaker
 * left out) reviews one reply, anonymised unless the setting says otherwise; the reviews sit under it.
 */
export function startReview(ctx: TurnContext, threadId: string, messageId: string, groupId?: string): IntentResult {
  const transcript = ctx.store.transcript(threadId);
  if (!transcript) return refuse(GONE);
  if (ctx.runner.isBusy(threadId)) return refuse(BUSY);
  const target = transcript.messages.find((m) => m.id === messageId);
  if (target?.role !== 'assistant' || target.status === 'deleted' || target.content.trim() === '') {
    return refuse('Only a reply with something in it can be reviewed.');
  }
  if (target.status === 'streaming') return refuse('Wait for the reply to finish before it is reviewed.');
  if (target.reviewOf !== undefined) return refuse('A review cannot be reviewed; review the reply it reviews.');
  const { settings } = ctx.table;
  const group = groupId === undefined ? undefined : settings.groups.find((g) => g.id === groupId);
  if (groupId !== undefined && !group) return refuse(`"@${groupId}" is not a group in roundtable.groups.`);
  const { answering: reviewers, absent } = splitSeats(
    ctx.table
      .routable()
      .map((p) => p.id)
      .filter((id) => id !== target.speaker && (!group || group.members.includes(id))),
    ctx.table,
  );
  if (reviewers.length === 0) {
    return absent.length > 0
      ? refuseAbsent(absent, ctx.table, 'No review')
      : refuse('Nobody else can review it (every other seat is disabled or muted).');
  }
  const plan = target.step ? transcript.plans?.find((p) => p.id === target.step?.plan) : undefined;
  const question = questionOf(transcript, target);
  if (!question) return refuse('That reply answers no message of yours.');
  const draft = planForReview({
    id: ctx.ids.next(),
    question,
    target: { id: target.id, speaker: target.speaker },
    mode: ctx.store.choices(threadId)?.mode ?? 'discuss',
    round: plan?.round ?? 1,
    reviewers,
    settings,
  });
  return runPlan(ctx, threadId, draft);
}

/**
 * Discuss disputes on a Council's synthesis: a round arguing only the claims it leaves disputed, then as many more as
 * the outcome of each asks for (`nextDisputeRound`), within `maxDisputeRounds`.
 */
export function startDisputes(ctx: TurnContext, threadId: string, messageId: string): IntentResult {
  const transcript = ctx.store.transcript(threadId);
  if (!transcript) return refuse(GONE);
  if (ctx.runner.isBusy(threadId)) return refuse(BUSY);
  const first = firstDisputeRound(transcript, messageId, ctx.ids.next(), ctx.table.settings, (seat) =>
    ctx.table.canAnswer(seat),
  );
  return first.ok ? runPlan(ctx, threadId, first.plan) : refuse(first.reason);
}

/** Stores a plan in the thread and runs it from its first step. */
export function runPlan(ctx: TurnContext, threadId: string, draft: PlanDraft): IntentResult {
  const plan = ctx.store.addPlan(threadId, draft);
  if (!plan) return refuse(GONE);
  ctx.runner.start(threadId, { kind: 'plan', planId: plan.id, from: 0 });
  return OK;
}

/** One reply of `seat` outside a plan (a retry, a "Regenerate as…"), unless the seat is absent now (refused, why). */
export function startReply(ctx: TurnContext, threadId: string, seat: string, target: ReplyTarget): IntentResult {
  const { absent } = splitSeats([seat], ctx.table);
  if (absent.length > 0) return refuseAbsent(absent, ctx.table);
  ctx.runner.start(threadId, { kind: 'reply', seat, target });
  return OK;
}
