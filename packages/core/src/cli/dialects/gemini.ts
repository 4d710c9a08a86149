import type { ChatError, StreamEvent } from '../../llm/types';
import { type CliDialect, type CliInterpreter, type CliStep, type CliTurn, signedOutError } from '../dialect';
import { usageLimitCode } from '../usageLimit';
import { geminiHomeFiles, geminiHomeLinks, geminiLogin, geminiLoginFiles, geminiReads } from './geminiHome';
import { eventType, type Guarded, isBoolean, isNumber, isString, oneOf, optional, shape } from './jsonShapes';

// Gemini CLI (`gemini`, Node) as a conversation: `gemini -p ''` runs headless, reads the transcript on stdin (the
// empty prompt adds nothing to it) and, with `--output-format stream-json`, prints one JSON line per event: `init`,
// the user's `message` echoed, the model's text as `message` lines with `delta: true` as it streams, and a `result`
// with the token counts (or `status: 'error'`). docs/cli-gemini.md explains each flag and variable and what this
// version cannot turn off without a settings file.

/** The longest piece of the CLI's own words kept in an error message. */
const MAX_WORDS = 500;

/**
 * A name no MCP server has: `--allowed-mcp-server-names` starts only the servers it names, so naming this one starts
 * none of those the user's settings list.
 */
export const NO_MCP_SERVER = 'roundtable-no-mcp-server';
/**
 * A name no tool has: `--allowed-tools` replaces the user's `tools.allowed` list, which would otherwise let the
 * model run e.g. the shell without a confirmation (a headless run refuses, and hides, every tool that needs one).
 */
export const NO_TOOL = 'roundtable-no-tool';

/**
 * What no flag or variable of Gemini CLI 0.61 turns off, but a settings file does: the read-only tools (file reads
 * in the turn folder, web search, sub-agents), the user's hooks, MCP servers and skills, usage statistics sent to
 * Google on every run, retries (10 attempts, minutes, on a 5xx), the `.env` files of the turn folder's parents, the
 * folder listing put before the transcript, IDE integration. Written (0600) into the turn's private folder and named
 * by `GEMINI_CLI_SYSTEM_SETTINGS_PATH`: system settings override the user's and the workspace's. The CLI ignores the
 * file when a folder above it can be written by others (it skips it under /tmp), so the product makes its turn
 * folders in its own storage. Verified against the stand-in; see docs/cli-gemini.md.
 */
/** The name of the SYSTEM_SETTINGS file in the turn's folder. */
export const SYSTEM_SETTINGS_FILE = 'gemini-system-settings.json';

export const SYSTEM_SETTINGS = {
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: {
    enableAutoUpdate: false,
    enableAutoUpdateNotification: false,
    checkpointing: { enabled: false },
    maxAttempts: 1,
  },
  tools: { core: [] },
  admin: { mcp: { enabled: false }, extensions: { enabled: false }, skills: { enabled: false } },
  skills: { enabled: false },
  hooksConfig: { enabled: false },
  context: { includeDirectoryTree: false },
  ide: { enabled: false },
  experimental: { enableAgents: false },
  advanced: { ignoreLocalEnv: true },
} as const;

/** `{type:'init', session_id, model}`: the run started; nothing to show. */
const InitLine = shape({ type: oneOf('init'), session_id: isString, model: isString });
/** The user's input echoed (`role: 'user'`), or a piece of the reply (`role: 'assistant'`, `delta: true`). */
const MessageLine = shape({ type: oneOf('message'), role: isString, content: isString, delta: optional(isBoolean) });
/** A warning (`severity: 'warning'`), or the reason the `result` after it will fail (`severity: 'error'`). */
const ErrorLine = shape({ type: oneOf('error'), severity: isString, message: isString });
/** Ends every run that got as far as the model; `error` is absent when an `error` line gave the reason first. */
const ResultLine = shape({
  type: oneOf('result'),
  status: isString,
  error: optional(shape({ type: isString, message: isString })),
  stats: optional(shape({ input_tokens: isNumber, output_tokens: isNumber })),
});

/**
 * Gemini CLI's own words when it has no usable login, from its sources and runs with no credentials: no auth method
 * chosen, an OAuth login it cannot finish headless, a missing or refused key, a refused or expired token.
 */
const SIGNED_OUT =
  /please set an auth method|manual authorization is required|must specify the GEMINI_API_KEY|you must specify either|invalid auth method selected|api key not valid|API_KEY_INVALID|UNAUTHENTICATED|invalid authentication credentials|invalid_grant|please run the gemini cli in an interactive terminal to log in/i;

/** The CLI's wording for a spent quota or a rate limit (it adds its own advice to the API's message). */
const LIMITED =
  /RESOURCE_EXHAUSTED|exhausted your (?:daily )?(?:quota|capacity)|quota will reset|usage limit|exceeded your current quota|rate limit|please wait and try again later/i;

/** The Gemini API's error body, which the CLI quotes inside its `[API Error: …]` message. */
const ApiErrorBody = shape({ error: shape({ code: isNumber, message: isString, status: optional(isString) }) });

const unknown: CliStep = { events: [], unknown: true };
const nothing: CliStep = { events: [] };

export const dialect: CliDialect = {
  kind: 'gemini',
  program: 'gemini',
  productName: 'Gemini CLI',
  // The only version these flags and events were verified on: `--skip-trust` and the `delta` messages of
  // stream-json are recent, and the CLI refuses an unknown flag.
  minimumVersion: '0.61.0',
  parseVersion(output) {
    // `0.61.0`
    return /\b(\d+\.\d+\.\d+)\b/.exec(output)?.[1];
  },
  args(turn: CliTurn) {
    // Invariant: nothing of the transcript or the system prompt is here; the prompt is a file, the transcript stdin.
    return [
      '--prompt',
      '',
      '--output-format',
      'stream-json',
      '--model',
      turn.model,
      '--skip-trust',
      '--approval-mode',
      'default',
      '--extensions',
      'none',
      '--allowed-mcp-server-names',
      NO_MCP_SERVER,
      '--allowed-tools',
      NO_TOOL,
    ];
  },
  env(turn: CliTurn) {
    return {
      // Replaces the CLI's whole agent prompt with the seat's.
      GEMINI_SYSTEM_MD: turn.systemPromptFile,
      // The CLI's state (sessions, the folders registry, history) and its global memory are in the private home,
      // which holds a copy of the user's settings and links to their login (geminiHome.ts).
      GEMINI_CLI_HOME: turn.home,
      // Settings that override the user's and the project's (see SYSTEM_SETTINGS), from the turn's private folder.
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: turn.fileIn(SYSTEM_SETTINGS_FILE),
      // One process: by default the CLI starts a second Node with a bigger heap and ignores SIGTERM/SIGINT itself,
      // so stopping a turn would leave the real CLI running.
      GEMINI_CLI_NO_RELAUNCH: 'true',
      GEMINI_TELEMETRY_ENABLED: 'false',
      // After a failed request the CLI writes a report holding the whole request to the temporary folder (0644):
      // it goes into the turn's private folder, removed with it, instead of a shared /tmp.
      TMPDIR: turn.workDir,
      TMP: turn.workDir,
      TEMP: turn.workDir,
      // An IDE companion's workspace folders would be added to the CLI's workspace.
      GEMINI_CLI_IDE_WORKSPACE_PATH: '',
      // Plain words on stderr (no ANSI colours around a fatal message).
      NO_COLOR: '1',
    };
  },
  files: () => ({ [SYSTEM_SETTINGS_FILE]: `${JSON.stringify(SYSTEM_SETTINGS, null, 2)}\n` }),
  reads: geminiReads,
  homeFiles: geminiHomeFiles,
  homeLinks: geminiHomeLinks,
  // Gemini CLI has no status command: its login files (present or not, never read) and its settings tell.
  login: { present: geminiLoginFiles, read: geminiLogin },
  interpreter: () => new GeminiInterpreter(),
  loginCommand: 'gemini',
  saysSignedOut: (text) => SIGNED_OUT.test(text),
};

class GeminiInterpreter implements CliInterpreter {
  /** The last `error` line of severity `error`: the reason a `result` without an `error` of its own failed. */
  private reason: string | undefined;

  take(line: unknown): CliStep {
    switch (eventType(line)) {
      case 'init':
        return InitLine(line) ? nothing : unknown;
      case 'message':
        return this.message(line);
      case 'error': {
        if (!ErrorLine(line)) return unknown;
        if (line.severity === 'error') this.reason = line.message;
        return nothing;
      }
      case 'result':
        return this.result(line);
      default:
        // tool_use / tool_result included: with no tool declared the model cannot call one, so one is news.
        return unknown;
    }
  }

  private message(line: unknown): CliStep {
    if (!MessageLine(line)) return unknown;
    const { role, content } = line;
    // The echo of stdin is not the reply.
    if (role === 'user') return nothing;
    if (role !== 'assistant') return unknown;
    return content === '' ? nothing : { events: [{ type: 'delta', text: content }] };
  }

  private result(line: unknown): CliStep {
    if (!ResultLine(line)) return unknown;
    const { status, error, stats } = line;
    if (status !== 'success') {
      const words = error?.message ?? this.reason ?? `the run ended with “${status}”`;
      return { events: [{ type: 'error', error: classify(words) }], done: true };
    }
    const events: StreamEvent[] = [];
    if (stats)
      events.push({ type: 'usage', usage: { inputTokens: stats.input_tokens, outputTokens: stats.output_tokens } });
    // The CLI does not pass on the API's finish reason; a success is a complete reply.
    events.push({ type: 'finish', reason: 'stop' });
    return { events, done: true };
  }
}

/**
 * The API's error as the CLI quotes it: `[API Error: {"error":{"code":400,…}}]` carries the body whole, with the
 * status; a quota error is reworded by the CLI and a network failure is only its words (`[API Error: terminated]`).
 */
function quotedApiError(words: string): Guarded<typeof ApiErrorBody>['error'] | undefined {
  const start = words.indexOf('{"error"');
  const end = words.lastIndexOf('}');
  if (start === -1 || end < start) return undefined;
  try {
    const body: unknown = JSON.parse(words.slice(start, end + 1));
    return ApiErrorBody(body) ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/** A failed run as a `ChatError`: a missing login, a limit, an HTTP error from the API, or a broken stream. */
export function classify(words: string): ChatError {
  const api = quotedApiError(words);
  const text = api ? `${api.message}${api.status ? ` (${api.status})` : ''}` : words;
  const bounded = text.length > MAX_WORDS ? `${text.slice(0, MAX_WORDS)}…` : text;
  const withStatus = api ? { status: api.code } : {};
  if (SIGNED_OUT.test(words) || api?.code === 401) return { ...signedOutError(dialect, bounded), ...withStatus };
  if (api?.code === 403) return { kind: 'account', status: 403, message: `Gemini CLI's login was refused: ${bounded}` };
  if (api?.code === 429 || LIMITED.test(words)) {
    return {
      kind: 'rate-limit',
      ...usageLimitCode(words),
      ...withStatus,
      message: `Gemini CLI hit a limit: ${bounded}`,
    };
  }
  if (api) return { kind: 'http', status: api.code, message: `Gemini CLI's request failed: ${bounded}` };
  return { kind: 'stream', message: `Gemini CLI's reply failed: ${bounded}` };
}
