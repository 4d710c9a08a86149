import type { Logger } from '../ports';

/** A logger for tests: keeps every line, prefixed with its level, in the order logged. */
export class RecordingLogger implements Logger {
  readonly lines: string[] = [];

  trace(message: string): void {
    this.lines.push(`trace: ${message}`);
  }
  info(message: string): void {
    this.lines.push(`info: ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`warn: ${message}`);
  }
  error(message: string): void {
    this.lines.push(`error: ${message}`);
  }
}
