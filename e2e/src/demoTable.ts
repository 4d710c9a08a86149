import { type ParticipantSetting, roundtableSettings } from './settings';

// Which table the browser demo seats, and the line that says so: pure, so each case is a unit test (demoTable.test.ts).
// The demo seats the real local model (SmolLM2-135M-Instruct on llama.cpp's server, from packages/testkit) when it is
// installed or a Python 3.10+ can install it, and the fake CLIProxyAPI's scripted replies otherwise or on request.

export const SCRIPTED_FLAG = '--scripted';

export interface DemoTableInput {
  /** `--scripted` was given. */
  readonly scripted: boolean;
  /** The model's venv is in the cache (`realModelPython().ok`). */
  readonly installed: boolean;
  /** The Python 3.10+ that would install it (`findPython()`), when not installed. */
  readonly python: { readonly version: string } | undefined;
  /** The command that gives `--scripted`, for the hint: `pnpm start -- --scripted` or `pnpm demo -- --scripted`. */
  readonly scriptedCommand: string;
}

export type DemoTable =
  /** `install`: not yet in the cache, so it is installed (once) before it starts. */
  | { readonly kind: 'real'; readonly install: boolean; readonly firstLine: string }
  | { readonly kind: 'scripted'; readonly firstLine: string };

const MODEL = 'SmolLM2-135M via llama.cpp';

export function chooseDemoTable(input: DemoTableInput): DemoTable {
  if (input.scripted) {
    return { kind: 'scripted', firstLine: `Demo: scripted replies (${SCRIPTED_FLAG}): ${SCRIPTED_SEATS}.` };
  }
  const instead = `\`${input.scriptedCommand}\` for scripted replies instead.`;
  if (input.installed) {
    return {
      kind: 'real',
      install: false,
      firstLine: `Demo: three seats on a real local model (${MODEL}); ${instead}`,
    };
  }
  if (input.python) {
    return {
      kind: 'real',
      install: true,
      firstLine: `Demo: three seats on a real local model (${MODEL}, installed below with Python ${input.python.version}); ${instead}`,
    };
  }
  return {
    kind: 'scripted',
    firstLine:
      'Demo: scripted replies (no Python 3.10+ found; with one on PATH, or ROUNDTABLE_PYTHON naming one, the demo seats' +
      ' a real local model).',
  };
}

const SCRIPTED_SEATS = 'three seats on the fake CLIProxyAPI, whose replies echo what each model received';

/**
 * What the demo says when the real model was chosen but could not be installed or started, in one line: the reason's
 * first line (what failed) and its last (a failed command's stderr ends with why: pip's error, the server's last log).
 */
export function fallbackLine(reason: string): string {
  const lines = reason
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const said = lines.length > 1 ? `${lines[0]} … ${lines.at(-1)}` : (lines[0] ?? 'no reason given');
  return `The local model is not available (${said}); seating scripted replies instead: ${SCRIPTED_SEATS}.`;
}

/** The one line of progress while the model installs; pip's own output is not shown (it is long and rarely useful). */
export const INSTALL_LINE = "Installing the demo's local model (llama.cpp + SmolLM2-135M, about 130 MB, once)…";

/**
 * `pnpm demo`'s own arguments: only `--scripted`. A `--` is skipped, as pnpm passes it on (`pnpm demo -- --scripted`
 * reaches the script as `-- --scripted`).
 */
export function parseDemoArgs(
  args: readonly string[],
): { ok: true; scripted: boolean } | { ok: false; reason: string } {
  const given = args.filter((arg) => arg !== '--');
  const unknown = given.filter((arg) => arg !== SCRIPTED_FLAG);
  if (unknown.length > 0)
    return { ok: false, reason: `unknown: ${unknown.join(' ')}; usage: pnpm demo [-- --scripted]` };
  return { ok: true, scripted: given.length > 0 };
}

/** The scripted table: three families the fake proxy serves, so the demo shows a real round table. */
export const SCRIPTED_PARTICIPANTS: readonly ParticipantSetting[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];

/** The model's aliases, one a seat: llama.cpp's server answers to each, so three seats share one loaded model. */
export const LOCAL_ALIASES = ['smol-a', 'smol-b', 'smol-c'] as const;

/**
 * A reply's length cap: llama.cpp's server has no default and would write until the context is full; 256 tokens keep
 * a reply short enough to read at the table and a round quick on a laptop's CPU.
 */
export const LOCAL_MAX_TOKENS = 256;

export const LOCAL_PROVIDER = { id: 'smol', name: 'SmolLM2-135M (local llama.cpp)' } as const;

interface LocalSeat extends ParticipantSetting {
  readonly provider: string;
  readonly maxTokens: number;
}

/** Named so that no one takes three 135M-parameter seats for three different, capable models. */
export const LOCAL_PARTICIPANTS: readonly LocalSeat[] = LOCAL_ALIASES.map((alias, i) => ({
  id: alias,
  displayName: `SmolLM2 ${'ABC'[i]} (local, 135M)`,
  color: SCRIPTED_PARTICIPANTS[i]?.color ?? '#8B5CF6',
  model: alias,
  enabled: true,
  provider: LOCAL_PROVIDER.id,
  maxTokens: LOCAL_MAX_TOKENS,
}));

/**
 * The real table's settings: the three seats on the local server (`baseUrl` ends in `/v1`), which is listed in
 * `roundtable.providers` (user settings, loopback only). The built-in proxy still points at the fake CLIProxyAPI: the
 * extension runs in external mode with a proxy URL either way, and a reachable one keeps its status and Diagnostics
 * green (no seat sits on it, so its scripted replies are only heard by a seat the user adds).
 */
export function localTableSettings(proxyUrl: string, baseUrl: string): Record<string, unknown> {
  return {
    ...roundtableSettings(proxyUrl, LOCAL_PARTICIPANTS),
    'roundtable.providers': [{ ...LOCAL_PROVIDER, baseUrl, maxTokens: LOCAL_MAX_TOKENS }],
  };
}
