import type { IDisposable } from '../base/lifecycle';
import type { Clock } from '../ports';

/** How long streamed text is gathered before it is handed on: often enough to look live, rarely enough to be cheap. */
export const DELTA_BATCH_MS = 50;

/**
 * Hands streamed text on at most once per interval (posting per token would flood the webview), on the leading edge:
 * text that comes after a quiet interval goes at once, so a reply's first token is shown as it arrives, and what comes
 * while an interval runs is gathered and goes when it ends. An interval that ends with nothing gathered ends the
 * pacing: the next text is a first again.
 * Invariant: text is delivered in arrival order, exactly once; `flush()` delivers whatever is pending now.
 */
export class DeltaBatcher implements IDisposable {
  private pending = '';
  /** Runs while the pace holds: until it fires, text is gathered. */
  private timer: IDisposable | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly deliver: (text: string) => void,
    private readonly intervalMs = DELTA_BATCH_MS,
  ) {}

  append(text: string): void {
    if (text === '') return;
    this.pending += text;
    if (this.timer) return;
    this.handOn();
    this.pace();
  }

  flush(): void {
    this.timer?.dispose();
    this.timer = undefined;
    this.handOn();
  }

  dispose(): void {
    this.timer?.dispose();
    this.timer = undefined;
    this.pending = '';
  }

  private pace(): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      if (this.pending === '') return;
      this.handOn();
      this.pace();
    }, this.intervalMs);
  }

  private handOn(): void {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.deliver(text);
  }
}
