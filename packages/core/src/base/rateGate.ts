import type { Clock } from '../ports';

/**
 * Lets at most `max` things through in any `windowMs` (a sliding window), and counts what it turned away, so a
 * burst (a hostile page sending thousands of intents, a server failing in a loop) costs a few lines or notices and
 * one line saying how many more there were. Clock injected.
 */
export class RateGate {
  private readonly passed: number[] = [];
  private dropped = 0;

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** True when one more may pass now (and counts it); false when it must be dropped (and counts that). */
  admit(): boolean {
    const now = this.clock.now().getTime();
    while (this.passed.length > 0 && now - (this.passed[0] as number) >= this.windowMs) this.passed.shift();
    if (this.passed.length >= this.max) {
      this.dropped++;
      return false;
    }
    this.passed.push(now);
    return true;
  }

  /** How many were dropped since the last call. */
  takeDropped(): number {
    const n = this.dropped;
    this.dropped = 0;
    return n;
  }
}

/** `text` cut to at most `max` characters, saying how much was left out (never splitting a surrogate pair). */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters)`;
}
