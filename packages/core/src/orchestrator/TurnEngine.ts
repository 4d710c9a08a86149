import type { Emitter } from '../base/event';
import { Disposable } from '../base/lifecycle';
import { assembleStepPrompt } from '../council/assembleStepPrompt';
import { nextDisputeRound } from '../council/disputeRounds';
import { pendingWork, stepSlots } from '../council/pending';
import { endedAtVote, type UnanimousVote } from '../council/unanimous';
import type { TurnPlan } from '../transcript/plan';
import type { Transcript } from '../transcript/schema';
import { HeldTurnLease } from './heldTurnLease';
import type { PromptLog } from './PromptLog';
import { ReplyRunner, type ReplyRunnerDeps, type ReplyTarget, type TurnFailure } from './ReplyRunner';
import type { SystemModeMemory } from './systemMode';
import type { TurnProgress } from './TurnProgress';
import type { TurnWork } from './TurnRunner';

/** What outlives a turn engine (its owner keeps it from before the first turn): see `TurnRunner`. */
export interface TurnMemory {
  prompts: PromptLog;
  systemModes: SystemModeMemory;
  failures: Emitter<TurnFailure>;
}

/**
 * The loop of a turn (loaded by `TurnRunner` when the first turn starts): a plan's steps from one of them on, each
 * step's replies one after another or placed all at once and streamed `concurrency` at a time, or one reply outside
 * any new plan. `TurnRunner` owns the turns (one per thread, Stop, busy, progress); this runs what is inside one.
 */
export class TurnEngine extends Disposable {
  private readonly replies: ReplyRunner;
  private readonly deps: ReplyRunnerDeps;

  constructor(
    deps: Omit<ReplyRunnerDeps, 'prompts'>,
    memory: TurnMemory,
    /** Where the turn stands now, for the views. */
    private readonly progress: (threadId: string, progress: TurnProgress) => void,
  ) {
    super();
    this.deps = { ...deps, prompts: assembleStepPrompt };
    this.replies = this._register(new ReplyRunner(this.deps, memory));
  }

  /**
   * Runs a turn's work to its end (or until `signal` aborts); `plan` is the work's plan, when it is one. A dispute round
   * that ends is followed by the next, in the same turn, while its outcome asks for one (`nextDisputeRound`), and
   * `moved` is told of each such plan before it runs. Returns the last plan it ran.
   */
  async run(
    threadId: string,
    work: TurnWork,
    plan: TurnPlan | undefined,
    signal: AbortSignal,
    moved: (planId: string) => void = () => {},
  ): Promise<TurnPlan | undefined> {
    if (work.kind === 'reply') {
      this.report(threadId, { mode: 'discuss', step: 'answer', stepIndex: 0, stepCount: 1 }, [work.seat], [work.seat]);
      const placed = this.replies.place(threadId, work.seat, work.target);
      if (placed) await this.replies.run(threadId, placed.id, signal);
      return plan;
    }
    let current = plan;
    let from = work.from;
    while (current && !signal.aborted) {
      let stopped = false;
      for (let index = from; index < current.steps.length && !signal.aborted && !stopped; index++) {
        stopped = (await this.runStep(threadId, current, index, signal)) === 'stopped';
        // A unanimous table ends a Council at its vote. Only right after its answers ran in this turn: Review anyway
        // (and Continue after it) starts at the reviews, so it is never stopped here.
        if (!stopped && index === 0 && this.endsAtVote(threadId, current)) break;
      }
      if (stopped || signal.aborted || current.kind !== 'disputes') break;
      const next = this.nextRound(threadId, current);
      if (!next) break;
      moved(next.id);
      current = next;
      from = 0;
    }
    return current;
  }

  /**
   * The lease a plan's turn holds while it runs (`HeldTurnLease`): the one its work brought (Continue claims it first),
   * else one taken now on the plan, which this window just made. `lost` if another window ends it. None for a reply
   * outside a plan.
   */
  hold(threadId: string, work: TurnWork, lost: () => void): HeldTurnLease | undefined {
    if (work.kind !== 'plan') return undefined;
    const { store, clock } = this.deps;
    const token = work.lease ?? store.leases()?.take(threadId, work.planId);
    return token === undefined ? undefined : new HeldTurnLease(store, clock, threadId, token, lost);
  }

  /** The dispute round after `plan`, stored in the thread, when its outcome asks for one. */
  private nextRound(threadId: string, plan: TurnPlan): TurnPlan | undefined {
    const { store, ids } = this.deps;
    const transcript = store.transcript(threadId);
    const draft =
      transcript &&
      nextDisputeRound(transcript, plan, ids.next(), this.deps.settings(), (seat) => this.canAnswer(seat));
    return draft ? store.addPlan(threadId, draft) : undefined;
  }

  /** One step: its replies one after another, or all placed at once and streamed `concurrency` at a time. */
  private async runStep(
    threadId: string,
    plan: TurnPlan,
    index: number,
    signal: AbortSignal,
  ): Promise<'ok' | 'stopped'> {
    const step = plan.steps[index];
    const messages = this.deps.store.transcript(threadId)?.messages;
    if (!step || !messages) return 'stopped';
    const slots = stepSlots(plan, index, messages, (seat) => this.canAnswer(seat));
    const where = { mode: plan.mode, step: step.kind, stepIndex: index, stepCount: plan.steps.length };
    const seats = slots.map((s) => s.seat);
    const targetOf = (slot: (typeof slots)[number]): ReplyTarget =>
      slot.reply.kind === 'rerun'
        ? slot.reply
        : {
            kind: 'new',
            step: { plan: plan.id, index },
            ...(step.reads === 'target' && plan.target ? { reviewOf: plan.target } : {}),
          };

    if (step.concurrency <= 1 || slots.length <= 1) {
      for (const [done, slot] of slots.entries()) {
        if (signal.aborted) return 'stopped';
        this.report(threadId, where, seats, [slot.seat], done);
        const placed = this.replies.place(threadId, slot.seat, targetOf(slot));
        if (!placed) continue; // the participant left the settings: skipped
        const outcome = await this.replies.run(threadId, placed.id, signal);
        if (outcome === 'cancelled' || outcome === 'abandoned') return 'stopped';
      }
      return signal.aborted ? 'stopped' : 'ok';
    }

    // Every place is kept first, in seat order: the replies then fill them in whatever order they finish.
    const placed = slots.flatMap((slot) => {
      const message = this.replies.place(threadId, slot.seat, targetOf(slot));
      return message ? [{ seat: slot.seat, id: message.id }] : [];
    });
    const answering = new Set<string>();
    let next = 0;
    let done = 0;
    this.report(threadId, where, seats, [], 0, true);
    const worker = async () => {
      while (next < placed.length && !signal.aborted) {
        const reply = placed[next++] as (typeof placed)[number];
        answering.add(reply.seat);
        this.report(threadId, where, seats, [...answering], done, true);
        await this.replies.run(threadId, reply.id, signal);
        answering.delete(reply.seat);
        done += 1;
        if (!signal.aborted) this.report(threadId, where, seats, [...answering], done, true);
      }
    };
    await Promise.all(Array.from({ length: Math.min(step.concurrency, placed.length) }, worker));
    for (const reply of placed.slice(next)) this.replies.cancelUnstarted(threadId, reply.id);
    return signal.aborted ? 'stopped' : 'ok';
  }

  private report(
    threadId: string,
    where: Pick<Extract<TurnProgress, { state: 'running' }>, 'mode' | 'step' | 'stepIndex' | 'stepCount'>,
    responders: readonly string[],
    answering: readonly string[],
    done = 0,
    concurrent = false,
  ): void {
    this.progress(threadId, { state: 'running', ...where, responders, answering, done, concurrent });
  }

  /**
   * After a plan's turn: who still owes a reply (a Stop, or a reply removed elsewhere), or nothing; nothing for a
   * Council that ended at its vote (its reviews are Review anyway's, not Continue's).
   */
  leftOver(threadId: string, plan: TurnPlan): TurnProgress | undefined {
    const messages = this.deps.store.transcript(threadId)?.messages ?? [];
    if (endedAtVote(plan, messages)) return undefined;
    const pending = pendingWork(plan, messages, (seat) => this.canAnswer(seat));
    const step = pending ? plan.steps[pending.from] : undefined;
    return pending && step ? { state: 'stopped', planId: plan.id, step: step.kind, skipped: pending.seats } : undefined;
  }

  /**
   * The vote the thread's newest plan ended at (`endedAtVote`), read now: what the turn line says of it, with Review
   * anyway. This code reads it because it holds the vote's readers (the first state does not).
   */
  agreedVote(transcript: Pick<Transcript, 'messages' | 'plans'>): UnanimousVote | undefined {
    const plan = transcript.plans?.at(-1);
    return plan && endedAtVote(plan, transcript.messages);
  }

  /** Whether the plan's answers just ended it at a unanimous vote, as `skipWhenUnanimous` asks. */
  private endsAtVote(threadId: string, plan: TurnPlan): boolean {
    const messages = this.deps.store.transcript(threadId)?.messages;
    return (
      this.deps.settings().skipWhenUnanimous && messages !== undefined && endedAtVote(plan, messages) !== undefined
    );
  }

  private canAnswer(seat: string): boolean {
    return this.deps.canAnswer(seat);
  }
}
