import type { StreamEvent } from '../llm/types';
import type { CliDialect, CliInterpreter } from './dialect';

/** The longest stdout line one event may be: far above any real event, far below what would hurt the editor. */
export const MAX_CLI_LINE_CHARS = 4_000_000;

/**
 * Turns a CLI's stdout, in chunks cut anywhere (inside a line, inside a UTF-8 character), into stream events.
 *
 * Rules, in order, for each complete line:
 * - a blank line, or noise the dialect knows, is skipped;
 * - a line that is not JSON, or longer than `MAX_CLI_LINE_CHARS`, is malformed: reading stops and `malformed` holds
 *   the line's start (the caller ends the reply with it and the CLI's stderr);
 * - a JSON value the dialect does not know is counted in `unknown` and skipped;
 * - after the dialect says the reply is done, nothing more is read.
 */
export class CliStreamReader {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly interpreter: CliInterpreter;
  private partial = '';
  /** Valid JSON lines the dialect did not know. */
  unknown = 0;
  /** The start of the first line that could not be read, once one was seen. */
  malformed: string | undefined;
  /** The CLI said its reply is complete (a `finish` or an `error` was produced). */
  done = false;

  constructor(private readonly dialect: CliDialect) {
    this.interpreter = dialect.interpreter();
  }

  /** True once reading has stopped: the reply is complete, or a line was malformed. */
  get stopped(): boolean {
    return this.done || this.malformed !== undefined;
  }

  push(chunk: Uint8Array): StreamEvent[] {
    if (this.stopped) return [];
    const decoded = this.decoder.decode(chunk, { stream: true });
    // A long line arrives in many chunks: only a chunk that ends a line is split, so a line is scanned once.
    const lines = decoded.includes('\n') ? (this.partial + decoded).split('\n') : [];
    this.partial = lines.length > 0 ? (lines.pop() ?? '') : this.partial + decoded;
    const events = this.read(lines);
    if (!this.stopped && this.partial.length > MAX_CLI_LINE_CHARS) {
      this.malformed = `${this.partial.slice(0, 200)}… (a line longer than ${MAX_CLI_LINE_CHARS} characters)`;
    }
    return events;
  }

  /** The end of stdout: a last line without a newline is read too. */
  end(): StreamEvent[] {
    if (this.stopped) return [];
    const last = this.partial + this.decoder.decode();
    this.partial = '';
    return this.read([last]);
  }

  private read(lines: readonly string[]): StreamEvent[] {
    const events: StreamEvent[] = [];
    for (const raw of lines) {
      if (this.stopped) break;
      const line = raw.replace(/\r$/, '');
      if (line.trim() === '' || this.dialect.isNoise?.(line)) continue;
      if (line.length > MAX_CLI_LINE_CHARS) {
        this.malformed = `${line.slice(0, 200)}… (a line longer than ${MAX_CLI_LINE_CHARS} characters)`;
        break;
      }
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        this.malformed = line.slice(0, 200);
        break;
      }
      const step = this.interpreter.take(value);
      if (step.unknown) this.unknown++;
      events.push(...step.events);
      if (step.done) this.done = true;
    }
    return events;
  }
}

/** What a whole recorded stdout reads as: for replaying recordings in tests and in the conformance suite. */
export interface CliReading {
  events: StreamEvent[];
  unknown: number;
  malformed: string | undefined;
  done: boolean;
}

export function readCliOutput(dialect: CliDialect, chunks: Iterable<Uint8Array>): CliReading {
  const reader = new CliStreamReader(dialect);
  const events: StreamEvent[] = [];
  for (const chunk of chunks) events.push(...reader.push(chunk));
  events.push(...reader.end());
  return { events, unknown: reader.unknown, malformed: reader.malformed, done: reader.done };
}
