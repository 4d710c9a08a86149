import type { ChatError, StreamEvent } from '../llm/types';

/** The official command-line clients a seat can sit on. */
export const CLI_KINDS = ['claude', 'codex', 'gemini'] as const;
export type CliKind = (typeof CLI_KINDS)[number];

/** What one turn's process is started with, besides the transcript (which goes on stdin, never in `args`). */
export interface CliTurn {
  /** The model id the seat names, passed to the CLI as is. */
  model: string;
  /**
   * A file (mode 0600, in `workDir`) holding the system prompt. A command line can be read by every user of the
   * machine and is bounded in length, so the prompt is never an argument.
   */
  systemPromptFile: string;
  /** An empty folder only this user can read, created for this one process: its working folder. */
  workDir: string;
  /** The path of one of the dialect's `files` in `workDir` (the platform's separator). */
  fileIn(name: string): string;
}

/**
 * What the interpreter made of one JSON line of the CLI's stdout:
 * - `events`: stream events to pass on, in order (`delta`, `usage`, then `finish`; or one `error`);
 * - `unknown`: the line is valid JSON but no event this dialect knows (ignored, counted for diagnostics);
 * - `done`: the CLI said the reply is complete (it ends with the `finish` or `error` among `events`).
 */
export interface CliStep {
  events: StreamEvent[];
  unknown?: true;
  done?: true;
}

/** Reads one process's stdout, line by line, in order. Stateful: one per process. */
export interface CliInterpreter {
  take(line: unknown): CliStep;
}

/**
 * Everything Roundtable knows about driving one official CLI as a conversation: how to start a turn with every
 * tool, file access, session and project setting off, and how to read its JSON event stream.
 *
 * Invariant: `args` never carry the transcript or the system prompt (they go on stdin and in a private file).
 */
export interface CliDialect {
  readonly kind: CliKind;
  /** The executable looked up on PATH when the provider names no `command`. */
  readonly program: string;
  /** For people: `Claude Code`. */
  readonly productName: string;
  /** The oldest version whose flags and events this dialect relies on (dotted numbers). */
  readonly minimumVersion: string;
  /** The version in what `<program> --version` printed, or undefined when it says none. */
  parseVersion(output: string): string | undefined;
  /** The arguments of one turn. */
  args(turn: CliTurn): string[];
  /** Variables set on top of the inherited environment: telemetry, update checks and the like off. */
  env(turn: CliTurn): Record<string, string>;
  /**
   * Files the CLI needs in its private folder for this turn (a file name, no folder → its content), written with mode
   * 0600 before it starts: settings it takes from a file only.
   */
  files?(turn: CliTurn): Record<string, string>;
  /** A fresh interpreter for one process. */
  interpreter(): CliInterpreter;
  /**
   * True for a stdout line that is not JSON but is known harmless output of this CLI (a notice it prints before its
   * events). Any other line that is not JSON is malformed and ends the reply.
   */
  isNoise?(line: string): boolean;
  /** What a user runs in a terminal to sign in (`claude auth login`). */
  readonly loginCommand: string;
  /** The CLI's page on the npm registry (https), which says how to install and update it: Install and Update open it. */
  readonly installUrl: string;
  /** True when the CLI's own words (an error event's text, or its stderr) say it is not signed in. */
  saysSignedOut(text: string): boolean;
}

/** A `ChatError` for a CLI that is not signed in, naming the command that fixes it. */
export function signedOutError(dialect: CliDialect, words: string): ChatError {
  return {
    kind: 'account',
    message: `${dialect.productName} is not signed in: run \`${dialect.loginCommand}\` in a terminal. (${words})`,
  };
}
