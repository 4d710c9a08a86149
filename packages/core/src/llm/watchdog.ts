import type { IDisposable } from '../base/lifecycle';
import { type Clock, systemClock } from '../ports';
import type { ChatError } from './types';

/**
 * One deadline at a time that, when it passes, reports the timeout it was armed with. Re-arming replaces the
 * previous deadline.
 *
 * Invariant: after `disarm()` or `dispose()` the callback never runs for an earlier arming.
 *
 * The client re-arms around every network read, so arming is cheap: it moves a deadline and keeps the running timer
 * when that timer fires no later than the new deadline; a timer that fires early sees the deadline is still ahead
 * and waits out the rest. `disarm()` only clears the deadline; `dispose()` also stops the timer, and must be called
 * when the watchdog is no longer needed, so no timer outlives its owner.
 */
export class Watchdog {
  private timer: IDisposable | undefined;
  /** When the running timer fires; meaningful while `timer` is set. */
  private timerAt = 0;
  private deadline: number | undefined;
  private error: ChatError | undefined;

  constructor(
    private readonly onExpire: (error: ChatError) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  arm(ms: number, error: ChatError): void {
    const now = this.clock.now().getTime();
    this.deadline = now + ms;
    this.error = error;
    if (this.timer !== undefined && this.timerAt <= this.deadline) return;
    this.stopTimer();
    this.startTimer(now, ms);
  }

  disarm(): void {
    this.deadline = undefined;
    this.error = undefined;
  }

  dispose(): void {
    this.disarm();
    this.stopTimer();
  }

  private readonly fire = (): void => {
    this.timer = undefined;
    if (this.deadline === undefined || this.error === undefined) return;
    const now = this.clock.now().getTime();
    const left = this.deadline - now;
    if (left > 0) {
      this.startTimer(now, left);
      return;
    }
    const error = this.error;
    this.disarm();
    this.onExpire(error);
  };

  private startTimer(now: number, ms: number): void {
    this.timerAt = now + ms;
    this.timer = this.clock.setTimeout(this.fire, ms);
  }

  private stopTimer(): void {
    this.timer?.dispose();
    this.timer = undefined;
  }
}
