import type { CliDialect } from './dialect';

/** One turn for a launcher: which CLI, where it is, the model, and what it reads. */
export interface CliLaunch {
  dialect: CliDialect;
  /** The executable: an absolute path, or a name looked up on PATH. */
  command: string;
  model: string;
  /** The system prompt (written to a private file) and the transcript (written to stdin). */
  system: string;
  stdin: string;
}

/** How a process ended: its exit code, or the signal that ended it. */
export interface CliExit {
  code: number | null;
  signal: string | null;
}

/** A running CLI turn. */
export interface CliProcess {
  /** The process id of the CLI (its group's id too), for diagnostics and tests. */
  readonly pid: number | undefined;
  /** Its stdout; ends when the process closed it (it exited, or was killed). */
  readonly stdout: AsyncIterable<Uint8Array>;
  /** What it wrote to stderr so far, bounded to the last few kilobytes. */
  stderr(): string;
  /** Settles once the process has exited and its output is closed. */
  readonly exited: Promise<CliExit>;
  /** Ends the whole process group (the CLI and everything it started); harmless once it has exited. */
  kill(): void;
}

/**
 * Starts CLI turns: makes the private working folder and the system prompt file, starts the process in a process
 * group of its own with the dialect's arguments and environment on top of the inherited one, writes the transcript
 * to stdin and closes it, and removes the folder once the process has exited.
 *
 * Rejects with a sentence a user can act on when the process cannot start (not found, not executable).
 */
export interface CliLauncher {
  launch(launch: CliLaunch): Promise<CliProcess>;
}
