import { errorMessage } from '../base/errors';
import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import { pendingWork, stepSlots } from '../council/pending';
import { isRoutable } from '../participants/participant';
import type { ThreadLease } from '../store/ThreadStore';
import type { TurnPlan } from '../transcript/plan';
import { PromptLog } from './PromptLog';
import type { ReplyRunner, ReplyRunnerDeps, ReplyTarget, TurnFailure } from './ReplyRunner';
import { SystemModeMemory } from './systemMode';
import { type TurnProgress, TurnProgressBoard, type TurnProgressChange } from './TurnProgress';
import type { TurnCode } from './turnCode';

export type { ReplyTarget, TurnFailure } from './ReplyRunner';

export type TurnRunnerDeps = Omit<ReplyRunnerDeps, 'prompts'> & {
  /** The code that runs replies, asked for when the first turn starts (see `TurnCode`). */
  turns: () => TurnCode;
};

/**
 * What a turn runs: a plan of the thread, from one of its steps on (a new turn starts at 0; Continue where the plan
 * stopped), or one reply outside any new plan (a retry in place, an alternative).
 */
export type TurnWork =
  | { kind: 'plan'; planId: string; from: number }
  | { kind: 'reply'; seat: string; target: ReplyTarget };

interface Turn {
  controller: AbortController;
  done: Promise<void>;
  /** The thread is gone: nothing is offered to continue afterwards. */
  discarded: boolean;
}

const STOPPED = 'Stopped by the user';

/**
 * Runs turns: for one thread, a plan's steps one after another, each step's replies one at a time or several at once
 * as the step says, each reply streamed into the store by the `ReplyRunner`. The same loop runs every way of taking a
 * turn (a message in any mode, Continue, Another round, a review, a retry, an alternative): they differ only in the
 * plan they build.
 *
 * Invariants:
 * - at most one turn per thread; turns on different threads run side by side and never wait for each other;
 * - a turn holds its thread loaded (a lease) until it ends, so switching views away does not stop it;
 * - a step's slots are worked out when it starts (`stepSlots`), from the thread as it is: a review step sees which
 *   answers exist; a step of replies at once keeps a place for each of its replies, in seat order, before any
 *   streams, so each keeps its place whatever order they finish in; at most `concurrency` stream at once;
 * - a reply that fails, or is removed elsewhere, ends alone: the others of its step go on. In a step of one reply
 *   after another, a reply removed elsewhere (or stopped) ends the turn;
 * - Stop (or a removed thread) ends every reply in flight as `cancelled`, a kept place that never began as
 *   `cancelled` and empty, and skips the steps after; the progress then says who still owes a reply
 *   (`pendingWork`), which `Continue` runs.
 */
export class TurnRunner extends Disposable {
  private readonly busyEmitter = this._register(
    new Emitter<{ threadId: string; busy: boolean }>((e) => this.logListenerError(e)),
  );
  readonly onDidChangeBusy: Event<{ threadId: string; busy: boolean }> = this.busyEmitter.event;
  private replyRunner: ReplyRunner | undefined;
  private readonly failureEmitter = this._register(new Emitter<TurnFailure>((e) => this.logListenerError(e)));
  /** A reply failed; the host may offer a fix (e.g. set the access key on `proxy-auth`). */
  readonly onDidFailReply: Event<TurnFailure> = this.failureEmitter.event;
  /** The prompts this window sent, for "what did it see". */
  readonly prompts = new PromptLog();
  /** Providers found to take only one system message: their prompts carry thread notes inline. */
  readonly systemModes = new SystemModeMemory();
  private readonly turns = new Map<string, Turn>();
  private readonly dismissed = new Set<string>();
  private readonly progress = this._register(new TurnProgressBoard((e) => this.logListenerError(e)));
  /** Who answers now and who is queued, or who a turn that ended early skipped. */
  readonly onDidChangeProgress: Event<TurnProgressChange> = this.progress.onDidChange;

  constructor(private readonly deps: TurnRunnerDeps) {
    super();
    this._register(
      deps.store.onDidChange((change) => {
        if (change.kind !== 'threadRemoved') return;
        const turn = this.turns.get(change.threadId);
        if (turn) turn.discarded = true;
        this.stop(change.threadId, 'The thread was deleted');
        this.progress.set(change.threadId, undefined);
      }),
    );
  }

  /** The reply runner, made when the first turn starts (its code is loaded then). */
  private get replies(): ReplyRunner {
    if (this.replyRunner) return this.replyRunner;
    const { turns, ...deps } = this.deps;
    const code = turns();
    this.replyRunner = this._register(
      new code.ReplyRunner(
        { ...deps, prompts: code.assembleStepPrompt },
        { prompts: this.prompts, systemModes: this.systemModes, failures: this.failureEmitter },
      ),
    );
    return this.replyRunner;
  }

  /** Where the thread's turn stands, if there is anything to show. */
  progressOf(threadId: string): TurnProgress | undefined {
    return this.progress.of(threadId);
  }

  /**
   * Drops the offer to continue a stopped turn: this window's, and `planId` (a plan found unfinished in the thread),
   * which is not offered again in this window.
   */
  dismissSkipped(threadId: string, planId?: string): void {
    const progress = this.progress.of(threadId);
    if (progress?.state === 'stopped') this.dismissed.add(progress.planId);
    if (planId !== undefined) this.dismissed.add(planId);
    if (progress?.state === 'stopped') this.progress.set(threadId, undefined);
    else this.progress.announce(threadId);
  }

  /** Whether the offer to continue this plan was dismissed in this window. */
  isDismissed(planId: string): boolean {
    return this.dismissed.has(planId);
  }

  isBusy(threadId: string): boolean {
    return this.turns.has(threadId);
  }

  busyThreadIds(): string[] {
    return [...this.turns.keys()];
  }

  /** Starts a turn on a loaded thread. False when a turn already runs there or the thread is not loaded. */
  start(threadId: string, work: TurnWork): boolean {
    if (this.turns.has(threadId)) return false;
    const lease = this.deps.store.retain(threadId);
    if (!lease) return false;
    const turn: Turn = { controller: new AbortController(), done: Promise.resolve(), discarded: false };
    this.turns.set(threadId, turn);
    turn.done = this.run(threadId, work, turn, lease);
    this.busyEmitter.fire({ threadId, busy: true });
    return true;
  }

  /** Stops the turn on a thread, if any: every reply in flight ends `cancelled` and the steps after are skipped. */
  stop(threadId: string, reason = STOPPED): void {
    this.turns.get(threadId)?.controller.abort(new DOMException(reason, 'AbortError'));
  }

  /** Resolves when the thread has no turn running. */
  async whenIdle(threadId: string): Promise<void> {
    await this.turns.get(threadId)?.done;
  }

  /** Deactivation: stops every turn and waits until each reply is written as `cancelled`. */
  async stopAll(): Promise<void> {
    const running = [...this.turns.entries()];
    for (const [threadId] of running) this.stop(threadId);
    await Promise.all(running.map(([, turn]) => turn.done));
  }

  override dispose(): void {
    for (const threadId of this.turns.keys()) this.stop(threadId);
    super.dispose();
  }

  private async run(threadId: string, work: TurnWork, turn: Turn, lease: ThreadLease): Promise<void> {
    const { signal } = turn.controller;
    const plan = work.kind === 'plan' ? this.deps.store.plan(threadId, work.planId) : undefined;
    try {
      if (work.kind === 'reply') {
        this.report(
          threadId,
          { mode: 'discuss', step: 'answer', stepIndex: 0, stepCount: 1 },
          [work.seat],
          [work.seat],
        );
        const placed = this.replies.place(threadId, work.seat, work.target);
        if (placed) await this.replies.run(threadId, placed.id, signal);
      } else if (plan) {
        for (let index = work.from; index < plan.steps.length && !signal.aborted; index++) {
          if ((await this.runStep(threadId, plan, index, signal)) === 'stopped') break;
        }
      }
    } catch (error) {
      this.deps.logger.error(`Turn on thread ${threadId} failed unexpectedly: ${errorMessage(error)}`);
    } finally {
      this.turns.delete(threadId);
      lease.dispose();
      this.progress.set(threadId, turn.discarded || !plan ? undefined : this.leftOver(threadId, plan));
      this.busyEmitter.fire({ threadId, busy: false });
    }
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
    this.progress.set(threadId, { state: 'running', ...where, responders, answering, done, concurrent });
  }

  /** After a plan's turn: who still owes a reply (a Stop, or a reply removed elsewhere), or nothing. */
  private leftOver(threadId: string, plan: TurnPlan): TurnProgress | undefined {
    const messages = this.deps.store.transcript(threadId)?.messages ?? [];
    const pending = pendingWork(plan, messages, (seat) => this.canAnswer(seat));
    const step = pending ? plan.steps[pending.from] : undefined;
    return pending && step ? { state: 'stopped', planId: plan.id, step: step.kind, skipped: pending.seats } : undefined;
  }

  private canAnswer(seat: string): boolean {
    const participant = this.deps.settings().participants.find((p) => p.id === seat);
    return participant !== undefined && isRoutable(participant);
  }

  private logListenerError(error: unknown): void {
    this.deps.logger.error(`A turn listener failed: ${errorMessage(error)}`);
  }
}
