import { errorMessage } from '../base/errors';
import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { UnanimousVote } from '../council/unanimous';
import type { ThreadLease } from '../store/ThreadStore';
import type { HeldTurnLease } from './heldTurnLease';
import { PromptLog } from './PromptLog';
import type { ReplyRunnerDeps, ReplyTarget, TurnFailure } from './ReplyRunner';
import { SystemModeMemory } from './systemMode';
import type { TurnEngine } from './TurnEngine';
import { type TurnProgress, TurnProgressBoard, type TurnProgressChange } from './TurnProgress';

export type { ReplyTarget, TurnFailure } from './ReplyRunner';

export type TurnRunnerDeps = Omit<ReplyRunnerDeps, 'prompts'>;

/**
 * What a turn runs: a plan of the thread, from one of its steps on (a new turn starts at 0; Continue where the plan
 * stopped), or one reply outside any new plan (a retry in place, an alternative).
 */
export type TurnWork =
  /** `lease`: the token of a lease already taken on the plan (Continue claims it first); else one is taken here. */
  { kind: 'plan'; planId: string; from: number; lease?: string } | { kind: 'reply'; seat: string; target: ReplyTarget };

interface Turn {
  controller: AbortController;
  done: Promise<void>;
  /** The thread is gone: nothing is offered to continue afterwards. */
  discarded: boolean;
}

const STOPPED = 'Stopped by the user';
const TAKEN_OVER = 'Another window found this turn silent and ended it';

/**
 * Runs turns: for one thread, a plan's steps one after another, each step's replies one at a time or several at once
 * as the step says, each reply streamed into the store by the `ReplyRunner`. The same loop runs every way of taking a
 * turn (a message in any mode, Continue, Another round, a review, a retry, an alternative): they differ only in the
 * plan they build.
 *
 * Invariants:
 * - at most one turn per thread; turns on different threads run side by side and never wait for each other;
 * - a turn holds its thread loaded (a lease) until it ends, so switching views away does not stop it;
 * - a plan's turn holds the plan's turn lease while it runs (`HeldTurnLease`), so a crash leaves it findable and
 *   another window never runs it at the same time; a turn whose lease another window ended stops;
 * - a step's slots are worked out when it starts (`stepSlots`), from the thread as it is: a review step sees which
 *   answers exist; a step of replies at once keeps a place for each of its replies, in seat order, before any
 *   streams, so each keeps its place whatever order they finish in; at most `concurrency` stream at once;
 * - a reply that fails, or is removed elsewhere, ends alone: the others of its step go on. In a step of one reply
 *   after another, a reply removed elsewhere (or stopped) ends the turn;
 * - Stop (or a removed thread) ends every reply in flight as `cancelled`, a kept place that never began as
 *   `cancelled` and empty, and skips the steps after; the progress then says who still owes a reply
 *   (`pendingWork`), which `Continue` runs;
 * - a Council whose answers, just run, all state the same short answer ends there when `skipWhenUnanimous` is on
 *   (`endedAtVote`): it owes nothing, and Review anyway runs its reviews and synthesis.
 */
export class TurnRunner extends Disposable {
  private readonly busyEmitter = this._register(
    new Emitter<{ threadId: string; busy: boolean }>((e) => this.logListenerError(e)),
  );
  readonly onDidChangeBusy: Event<{ threadId: string; busy: boolean }> = this.busyEmitter.event;
  private turnEngine: TurnEngine | undefined;
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

  /**
   * The loop inside a turn, made when the first turn starts: its code (the reply runner, prompt assembly, the
   * council's prompts) loads then, so a window that only shows threads never parses it.
   */
  async engine(): Promise<TurnEngine> {
    const { TurnEngine } = await import('./TurnEngine');
    this.turnEngine ??= this._register(
      new TurnEngine(
        this.deps,
        { prompts: this.prompts, systemModes: this.systemModes, failures: this.failureEmitter },
        (threadId, progress) => this.progress.set(threadId, progress),
      ),
    );
    return this.turnEngine;
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

  /**
   * The vote the thread's last Council ended at (`endedAtVote`), for the turn line; undefined when it did not, or
   * while the vote's readers (the turn loop's code) are not loaded: a window that shows such a thread before it ran a
   * turn loads them, then says its progress again, so views look afresh.
   */
  agreedVote(threadId: string): UnanimousVote | undefined {
    const transcript = this.deps.store.transcript(threadId);
    const plan = transcript?.plans?.at(-1);
    if (!transcript || plan?.mode !== 'council' || plan.kind !== 'message') return undefined;
    if (this.turnEngine) return this.turnEngine.agreedVote(transcript);
    // Only a Council none of whose later steps began may have ended at its vote: no other loads the code for it.
    if (this.isDisposed || transcript.messages.some((m) => m.step?.plan === plan.id && m.step.index > 0)) return;
    this.engine().then(
      () => this.progress.announce(threadId),
      (error: unknown) => this.logListenerError(error),
    );
    return undefined;
  }

  isBusy(threadId: string): boolean {
    return this.turns.has(threadId);
  }

  busyThreadIds(): string[] {
    return [...this.turns.keys()];
  }

  /** Whether another window runs this plan's turn now (its lease holds it). */
  heldElsewhere(threadId: string, planId: string): boolean {
    return this.deps.store.leases()?.heldElsewhere(threadId, planId) ?? false;
  }

  /**
   * Starts a turn on a loaded thread. False when a turn already runs there or the thread is not loaded (a lease the
   * work brought is ended then).
   */
  start(threadId: string, work: TurnWork): boolean {
    const hold = this.turns.has(threadId) ? undefined : this.deps.store.retain(threadId);
    if (!hold) {
      this.endBrought(threadId, work);
      return false;
    }
    const turn: Turn = { controller: new AbortController(), done: Promise.resolve(), discarded: false };
    this.turns.set(threadId, turn);
    turn.done = this.run(threadId, work, turn, hold);
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

  private async run(threadId: string, work: TurnWork, turn: Turn, hold: ThreadLease): Promise<void> {
    let plan = work.kind === 'plan' ? this.deps.store.plan(threadId, work.planId) : undefined;
    let held: HeldTurnLease | undefined;
    try {
      // Loaded already when the turn came through the orchestrator (the loop, and the leases' code with the thread):
      // then the turn starts at once, in `start`.
      const engine = this.turnEngine ?? (await this.engine());
      if (!this.deps.store.leases()) await this.deps.store.leasesReady();
      held = engine.hold(threadId, work, () => this.stop(threadId, TAKEN_OVER));
      // A dispute round's turn may go on to the rounds after it: what is left over is the last one's.
      plan = await engine.run(threadId, work, plan, turn.controller.signal, (next) => held?.moveTo(next));
    } catch (error) {
      this.deps.logger.error(`Turn on thread ${threadId} failed unexpectedly: ${errorMessage(error)}`);
    } finally {
      this.turns.delete(threadId);
      if (held) held.dispose();
      else this.endBrought(threadId, work);
      hold.dispose();
      const engine = this.turnEngine;
      this.progress.set(threadId, turn.discarded || !plan || !engine ? undefined : engine.leftOver(threadId, plan));
      this.busyEmitter.fire({ threadId, busy: false });
    }
  }

  /** Ends the lease a work brought (Continue claims it first) when no turn came to hold it. */
  private endBrought(threadId: string, work: TurnWork): void {
    if (work.kind === 'plan' && work.lease !== undefined) this.deps.store.leases()?.end(threadId, work.lease);
  }

  private logListenerError(error: unknown): void {
    this.deps.logger.error(`A turn listener failed: ${errorMessage(error)}`);
  }
}
