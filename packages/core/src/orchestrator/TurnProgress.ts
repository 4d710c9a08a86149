import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';

/**
 * Where a thread's turn stands, for the views: while it runs, who answers in what order and which of them is
 * answering now; after a turn ended early (Stop, or its reply removed elsewhere), who never got to answer.
 */
export type TurnProgress =
  | { state: 'running'; responders: readonly string[]; current: number }
  | { state: 'stopped'; skipped: readonly string[] };

export interface TurnProgressChange {
  threadId: string;
  /** Undefined once there is nothing to show (the turn ended with everyone answered, or the offer was dropped). */
  progress: TurnProgress | undefined;
}

/**
 * The progress of every thread's turn in this window, and its changes. A `stopped` entry stays until the next turn
 * on that thread starts, the user dismisses it, or the thread is gone, so "continue with the others" can be offered
 * after the fact. Kept in memory only: it describes this window's turns.
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
}

function sameProgress(a: TurnProgress | undefined, b: TurnProgress | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
