import { RateGate, truncateText } from '@roundtable/core/base/rateGate';
import { type Clock, type Logger, systemClock } from '@roundtable/core/ports';
import type * as vscode from 'vscode';

/** The longest line written to the log; the rest is cut with a note of how much. */
export const MAX_LOG_LINE_CHARS = 4_000;
/** At most this many lines in any `LOG_WINDOW_MS`: a burst is dropped and counted. */
export const MAX_LOG_LINES = 200;
export const LOG_WINDOW_MS = 10_000;

/**
 * Core's Logger over the "Roundtable" LogOutputChannel (the user picks the level in the Output view). Every line is
 * cut to `MAX_LOG_LINE_CHARS` and a burst past `MAX_LOG_LINES` a window is dropped, so no input (a 10 MB message, a
 * page sending thousands of bad intents) can flood the log; the next line that gets through says how many were
 * dropped. Errors have a gate of their own, so a flood of warnings never hides one.
 */
export class OutputChannelLogger implements Logger {
  private readonly gate: RateGate;
  private readonly errorGate: RateGate;

  constructor(
    private readonly channel: Pick<vscode.LogOutputChannel, 'trace' | 'info' | 'warn' | 'error'>,
    clock: Clock = systemClock,
  ) {
    this.gate = new RateGate(clock, MAX_LOG_LINES, LOG_WINDOW_MS);
    this.errorGate = new RateGate(clock, MAX_LOG_LINES, LOG_WINDOW_MS);
  }

  trace(message: string): void {
    this.write('trace', message, this.gate);
  }
  info(message: string): void {
    this.write('info', message, this.gate);
  }
  warn(message: string): void {
    this.write('warn', message, this.gate);
  }
  error(message: string): void {
    this.write('error', message, this.errorGate);
  }

  private write(level: 'trace' | 'info' | 'warn' | 'error', message: string, gate: RateGate): void {
    if (!gate.admit()) return;
    const dropped = gate.takeDropped();
    if (dropped > 0) this.channel.warn(`${dropped} log line(s) were dropped: too many at once.`);
    this.channel[level](truncateText(message, MAX_LOG_LINE_CHARS));
  }
}
