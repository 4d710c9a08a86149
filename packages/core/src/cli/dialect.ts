import type { ChatError, StreamEvent } from '../llm/types';

/** The official command-line clients a seat can sit on. */
export const CLI_KINDS = ['claude', 'codex', 'gemini'] as const;
export type CliKind = (typeof CLI_KINDS)[number];

/**
 * Each CLI's page on the npm registry (https), which says how to install and update it: Install and Update open it.
 * Apart from the dialects, so what opens a page needs none of their code.
 */
export const CLI_INSTALL_PAGES: Readonly<Record<CliKind, string>> = {
  claude: 'https://www.npmjs.com/package/@anthropic-ai/claude-code',
  codex: 'https://www.npmjs.com/package/@openai/codex',
  gemini: 'https://www.npmjs.com/package/@google/gemini-cli',
};

/**
 * Where the CLI's user keeps its things, as the process that runs the CLI sees them: what a dialect reads to find the
 * user's settings and login (the CLI's own variables, such as `CLAUDE_CONFIG_DIR`, move them).
 */
export interface CliPlace {
  /** The user's home folder (the CLI's default place for its login and settings). */
  userHome: string;
  /** The environment the CLI inherits (the extension host's). */
  userEnv: Readonly<Record<string, string | undefined>>;
  /** Joins path segments with the platform's separator. */
  join(...parts: string[]): string;
  /** `process.platform` of the machine the CLI runs on (`win32`, `darwin`, `linux`…). */
  platform: string;
}

/** What one turn's process is started with, besides the transcript (which goes on stdin, never in `args`). */
export interface CliTurn extends CliPlace {
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
  /**
   * The CLI's private home for this one process: an empty folder only this user can read, beside `workDir` (never
   * inside it, where the model's file tools could see it), removed with it. A dialect points the CLI's state there
   * (sessions, caches, its own bookkeeping), so a turn changes nothing in the user's home.
   */
  home: string;
  /** The text of each file `reads` named (undefined: there is none). */
  userFiles: Readonly<Record<string, string | undefined>>;
}

/** Whether a CLI can answer as its user: from its own status command or the presence of its login. */
export type CliLoginState = 'signed-in' | 'signed-out' | 'unknown';

/** What a login check found, for the dialect to judge. */
export interface CliLoginFacts {
  place: CliPlace;
  /** How the status command ended (when the check has one); undefined if it could not run or timed out. */
  status?: { code: number | null; stdout: string; stderr: string };
  /** Which of the `present` files exist (their contents are never read). */
  present: ReadonlySet<string>;
  /** The text of each `reads` file of the dialect (settings, never a login). */
  userFiles: Readonly<Record<string, string | undefined>>;
}

/**
 * How to tell whether the user is signed in without asking the provider: the CLI's own status command, run like a
 * turn (same private home and variables) with a short timeout, and/or the presence of its login files.
 *
 * Invariant: `read` says `signed-out` only when the CLI could not answer a reply at all; anything it cannot be sure
 * of (an API key in a file Roundtable does not read, a provider of the user's own) is `unknown`, which holds nothing.
 */
export interface CliLoginCheck {
  /** The status command's arguments (after the program). */
  command?: readonly string[];
  /** Files whose presence tells (absolute paths); their contents are never read. */
  present?(place: CliPlace): string[];
  read(facts: CliLoginFacts): CliLoginState;
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
  /**
   * The user's settings files (absolute paths) the dialect needs the text of, in `turn.userFiles`: to carry the
   * settings that route traffic (a company's base URL, a proxy) into the private home. Never a login file.
   */
  reads?(place: CliPlace): string[];
  /**
   * Files written into the private home before the CLI starts (a path relative to `home` with `/` between folders →
   * its content), mode 0600 in folders of mode 0700.
   */
  homeFiles?(turn: CliTurn): Record<string, string>;
  /**
   * The user's files the CLI needs in its private home but Roundtable must not read (its login, a file of keys): a
   * path relative to `home` (`/` between folders) → the user's file. Each one that exists is linked there (its
   * contents are never opened); a missing one is left out.
   */
  homeLinks?(turn: CliTurn): Record<string, string>;
  /** How to tell, before any reply, whether the user is signed in; undefined when only a reply can tell. */
  readonly login?: CliLoginCheck;
  /** A fresh interpreter for one process. */
  interpreter(): CliInterpreter;
  /**
   * True for a stdout line that is not JSON but is known harmless output of this CLI (a notice it prints before its
   * events). Any other line that is not JSON is malformed and ends the reply.
   */
  isNoise?(line: string): boolean;
  /** What a user runs in a terminal to sign in (`claude auth login`). */
  readonly loginCommand: string;
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
