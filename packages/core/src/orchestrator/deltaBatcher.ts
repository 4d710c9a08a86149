import type { IDisposable } from '../base/lifecycle';
import type { Clock } from '../ports';

/** How long streamed text is gathered before it is handed on: often enough to look live, rarely enough to be cheap. */
export const DELTA_BATCH_MS = 50;

/**
 * Gathers streamed text and hands it on at most once per interval (posting per token would flood the webview).
 * Invariant: text is delivered in arrival order, exactly once; `flush()` delivers whatever is pending now.
 */
export class DeltaBatcher implements IDisposable {
  private pending = '';
  private timer: IDisposable | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly deliver: (text: string) => void,
    private readonly intervalMs = DELTA_BATCH_MS,
  ) {}

  append(text: string): void {
    if (text === '') return;
    this.pending += text;
    this.timer ??= this.clock.setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    this.timer?.dispose();
    this.timer = undefined;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.deliver(text);
  }

  dispose(): void {
    this.timer?.dispose();
    this.timer = undefined;
    this.pending = '';
  }
}
