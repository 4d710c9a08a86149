import type { IDisposable } from '../base/lifecycle';
import type { Clock } from '../ports';

/** A clock for tests: time moves only when `advance` is called, and due timers run in order. */
export class FakeClock implements Clock {
  private time: number;
  private timers: { at: number; order: number; fn: () => void }[] = [];
  private order = 0;

  constructor(start = Date.parse('2026-01-01T00:00:00.000Z')) {
    this.time = start;
  }

  now(): Date {
    return new Date(this.time);
  }

  setTimeout(fn: () => void, ms: number): IDisposable {
    const timer = { at: this.time + Math.max(0, ms), order: this.order++, fn };
    this.timers.push(timer);
    return { dispose: () => (this.timers = this.timers.filter((t) => t !== timer)) };
  }

  /** Moves time forward by `ms`, running every timer that falls due, including ones scheduled meanwhile. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }
}
