import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { DiscussionMode, StepKind } from '../transcript/plan';

/**
 * Where a thread's turn stands, for the views: while it runs, which step of how many, who answers in it (in the order
 * their replies take) and which of them are streaming now; after a turn ended early (Stop, a reload, its reply
 * removed elsewhere), the step it stopped in and who still owes a reply there.
 */
export type TurnProgress =
  | {
      state: 'running';
      mode: DiscussionMode;
      step: StepKind;
      stepIndex: number;
      stepCount: number;
      responders: readonly string[];
      /** Streaming now: one at a time in a step of one after another, several in a step of replies at once. */
      answering: readonly string[];
      /** Replies of the step already ended. */
      done: number;
      /** Whether the step's replies stream at once. */
      concurrent: boolean;
    }
  | { state: 'stopped'; planId: string; step: StepKind; skipped: readonly string[] };

export interface TurnProgressChange {
  threadId: string;
  /** Undefined once there is nothing to show (the turn ended with everyone answered, or the offer was dropped). */
  progress: TurnProgress | undefined;
}

/**
 * The progress of every thread's turn in this window, and its changes. A `stopped` entry stays until the next turn
 * on that thread starts, the user dismisses it, or the thread is gone, so "continue with the others" can be offered
 * after the fact. Kept in memory only: it describes this window's turns (a plan left unfinished before a reload is
 * found again from the thread itself).
 */
export class TurnProgressBoard extends Disposable {
  private readonly entries = new Map<string, TurnProgress>();
  private readonly changeEmitter: Emitter<TurnProgressChange>;
  readonly onDidChange: Event<TurnProgressChange>;

  constructor(onListenerError: (error: unknown) => void) {
    super();
    this.changeEmitter = this._register(new Emitter<TurnProgressChange>(onListenerError));
    this.onDidChange = this.changeEmitter.event;
  }

  of(threadId: string): TurnProgress | undefined {
    return this.entries.get(threadId);
  }

  set(threadId: string, progress: TurnProgress | undefined): void {
    if (sameProgress(this.entries.get(threadId), progress)) return;
    if (progress) this.entries.set(threadId, progress);
    else this.entries.delete(threadId);
    this.changeEmitter.fire({ threadId, progress });
  }

  /** Says again what the thread's progress is, for views to look afresh (an offer found in the thread went away). */
  announce(threadId: string): void {
    this.changeEmitter.fire({ threadId, progress: this.entries.get(threadId) });
  }
}

function sameProgress(a: TurnProgress | undefined, b: TurnProgress | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
