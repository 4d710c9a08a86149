// The OpenAI Codex CLI (`codex exec --json`) driven as a conversation: one process per turn, every tool, setting,
// session and telemetry off, the transcript on stdin, the system prompt in a file. docs/cli-codex.md says why each
// flag is there and what the events look like.
import type { ChatError, StreamEvent } from '../../llm/types';
import {
  type CliDialect,
  type CliInterpreter,
  type CliLoginFacts,
  type CliLoginState,
  type CliStep,
  type CliTurn,
  signedOutError,
} from '../dialect';
import { usageLimitCode } from '../usageLimit';
import { codexConfigFile, codexLoginInFile, codexRouting, codexUserHome } from './codexRouting';
import { eventType, type Guarded, isNumber, isString, nullable, oneOf, optional, shape } from './jsonShapes';

/** The provider's own words are kept, but never more than this much of them. */
const MAX_WORDS = 500;

/**
 * Config overrides, `-c key=<TOML value>`. The user's config.toml is not read (`--ignore-user-config`) but for its
 * routing keys (codexRouting.ts), so these outrank only those, the built-in defaults and an administrator's
 * /etc/codex/config.toml.
 */
const OVERRIDES: readonly (readonly [string, string])[] = [
  ['approval_policy', '"never"'], // nobody is there to approve: a tool call is refused, never waits for an answer
  ['web_search', '"disabled"'],
  ['mcp_servers', '{}'],
  ['notify', '[]'], // no program run when the turn ends
  ['project_doc_max_bytes', '0'], // no AGENTS.md from the working folder or its parents
  ['history.persistence', '"none"'], // nothing appended to history.jsonl
  ['analytics.enabled', 'false'], // no usage metrics (posted to ab.chatgpt.com otherwise, even with an API key)
  ['check_for_update_on_startup', 'false'],
  ['otel.exporter', '"none"'],
  ['otel.metrics_exporter', '"none"'],
  ['otel.trace_exporter', '"none"'],
  ['developer_instructions', '""'], // the system prompt is ours alone
  ['include_permissions_instructions', 'false'],
  ['include_apps_instructions', 'false'],
  ['include_collaboration_mode_instructions', 'false'],
  ['include_environment_context', 'false'], // no working folder, shell or date block in the prompt
  ['tools.experimental_request_user_input.enabled', 'false'],
  ['tools.update_plan.enabled', 'false'],
  ['skills.bundled.enabled', 'false'],
  ['skills.include_instructions', 'false'],
  ['features.skip_host_skill_discovery', 'true'],
  ['agents.enabled', 'false'], // no sub-agent tools, even for a model whose catalog entry turns them on
  ['allow_login_shell', 'false'],
  ['suppress_unstable_features_warning', 'true'],
];

/** Features turned off with `--disable` (`features.<name>=false`): every one that gives the model a tool or a hook. */
const DISABLED_FEATURES = [
  'shell_tool',
  'unified_exec',
  'shell_snapshot',
  'view_image',
  'image_generation',
  'goals',
  'memories',
  'multi_agent',
  'multi_agent_v2',
  'sleep_tool',
  'apps',
  'plugins',
  'remote_plugin',
  'tool_suggest',
  'hooks',
  'browser_use',
  'browser_use_external',
  'computer_use',
  'in_app_browser',
  'workspace_dependencies',
  'default_mode_request_user_input',
  'code_mode',
  'code_mode_host', // a model whose catalog entry forces code mode keeps its `exec` tool: without a host it fails closed
  'unbounded_connection_retries', // otherwise a lost network is waited out forever
  'api_key_model_discovery', // with an API key, no model list fetched from chatgpt.com at start-up
] as const;

// The JSON lines of `codex exec --json` this dialect relies on (codex-rs/exec/src/exec_events.rs).
const ThreadStarted = shape({ type: oneOf('thread.started'), thread_id: isString });
const TurnStarted = shape({ type: oneOf('turn.started') });
// An item keeps the fields of its own type (`text` for an agent message), read by the shape for that type.
const Item = shape({ id: isString, type: isString });
const ItemEvent = shape({ type: oneOf('item.started', 'item.updated', 'item.completed'), item: Item });
const AgentMessage = shape({ type: oneOf('agent_message'), text: isString });
const Usage = shape({ input_tokens: isNumber, output_tokens: isNumber });
const TurnCompleted = shape({ type: oneOf('turn.completed'), usage: Usage });
const TurnFailed = shape({ type: oneOf('turn.failed'), error: shape({ message: isString }) });
const ThreadError = shape({ type: oneOf('error'), message: isString });

const KNOWN: Readonly<Record<string, (line: unknown) => boolean>> = {
  'thread.started': ThreadStarted,
  'turn.started': TurnStarted,
  'item.started': ItemEvent,
  'item.updated': ItemEvent,
  'item.completed': ItemEvent,
  'turn.completed': TurnCompleted,
  'turn.failed': TurnFailed,
  error: ThreadError,
};

const UNKNOWN: CliStep = { events: [], unknown: true };
const NOTHING: CliStep = { events: [] };

function bounded(words: string): string {
  const trimmed = words.trim();
  return trimmed.length > MAX_WORDS ? `${trimmed.slice(0, MAX_WORDS)}…` : trimmed;
}

/** Codex's and OpenAI's words for a missing, refused or expired login. */
const SIGNED_OUT = [
  /\bstatus 401\b|\b401 Unauthorized\b/i,
  /\bnot (?:logged|signed) in\b/i, // `codex login status` with no login
  /no codex credentials/i,
  /\bcodex login\b/i,
  /invalid_api_key|incorrect api key|didn't provide an api key/i,
  /refresh token|(?:log|sign) ?in again/i, // a ChatGPT login whose tokens can no longer be refreshed
];

function saysSignedOut(text: string): boolean {
  return SIGNED_OUT.some((pattern) => pattern.test(text));
}

/** OpenAI's error body, which Codex quotes whole when a request fails with a status it does not retry (400, 404…). */
const ErrorBody = shape({
  error: shape({ message: isString, type: optional(nullable(isString)), code: optional(nullable(isString)) }),
});

function quotedBody(text: string): Guarded<typeof ErrorBody>['error'] | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return ErrorBody(body) ? body.error : undefined;
  } catch {
    return undefined;
  }
}

const RATE_LIMITED = /rate limit|usage limit|quota|too many requests/i;

/**
 * A `turn.failed` message as a `ChatError`. Codex words them as: OpenAI's JSON error body (a status it gives up on at
 * once); `unexpected status 401 Unauthorized: <provider's message>, url: …` (after its retries);
 * `exceeded retry limit, last status: 429 Too Many Requests`; its own sentence for a 5xx (`We're currently
 * experiencing high demand…`); `stream disconnected before completion: …` for a broken stream.
 */
function classify(words: string): ChatError {
  const body = quotedBody(words);
  if (body) {
    const message = bounded(body.message);
    if (body.code === 'invalid_api_key' || saysSignedOut(body.message)) return signedOutError(dialect, message);
    if (body.code === 'rate_limit_exceeded' || body.code === 'insufficient_quota')
      return { kind: 'rate-limit', ...usageLimitCode(body.code), message };
    return { kind: 'http', message };
  }
  const message = bounded(words.replace(/, url: \S+.*$/s, ''));
  const status = Number(/\b(?:unexpected status|last status:)\s*(\d{3})\b/i.exec(words)?.[1]) || undefined;
  if (status === 401 || saysSignedOut(words))
    return { ...signedOutError(dialect, message), ...(status ? { status } : {}) };
  if (status === 429 || RATE_LIMITED.test(words))
    return { kind: 'rate-limit', ...usageLimitCode(words), message, ...(status ? { status } : {}) };
  if (status !== undefined && status >= 400) return { kind: 'http', message, status };
  if (/high demand/i.test(words)) return { kind: 'http', message }; // Codex's wording of a 5xx it retried in vain
  return { kind: 'stream', message };
}

/**
 * One process's events. `--json` gives no text deltas in this version: an agent message arrives whole in its
 * `item.completed`, and is passed on as one delta. Several messages in one turn are joined by a blank line.
 */
function interpreter(): CliInterpreter {
  let messages = 0;
  const step = (type: string, event: unknown): CliStep => {
    switch (type) {
      case 'item.completed': {
        // Reasoning, notices (`type: "error"` items, such as the WebSocket fallback) and tool items carry no reply.
        const { item } = event as Guarded<typeof ItemEvent>;
        if (!AgentMessage(item) || item.text === '') return NOTHING;
        const text = messages++ === 0 ? item.text : `\n\n${item.text}`;
        return { events: [{ type: 'delta', text }] };
      }
      case 'turn.completed': {
        const { usage } = event as Guarded<typeof TurnCompleted>;
        const events: StreamEvent[] = [
          { type: 'usage', usage: { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens } },
          { type: 'finish', reason: 'stop' },
        ];
        return { events, done: true };
      }
      case 'turn.failed':
        return {
          events: [{ type: 'error', error: classify((event as Guarded<typeof TurnFailed>).error.message) }],
          done: true,
        };
      default:
        // `thread.started`, `turn.started`, `item.started`/`item.updated`, and `error` lines: the latter are retry
        // notices ("Reconnecting... 2/5 (…)") that end nothing; a turn that gives up says so with `turn.failed`.
        return NOTHING;
    }
  };
  return {
    take(line: unknown): CliStep {
      const type = eventType(line);
      if (typeof type !== 'string' || !Object.hasOwn(KNOWN, type)) return UNKNOWN;
      return KNOWN[type]?.(line) ? step(type, line) : UNKNOWN;
    },
  };
}

/**
 * A private CODEX_HOME needs the login linked into it by a symbolic link: Codex saves a refreshed login by replacing
 * the file a link points to, and refuses a hard-linked one (what Windows gives without Developer Mode), which would
 * lose a refresh token the provider has already replaced. A keyring login is filed under the folder's path.
 */
function privateCodexHome(turn: CliTurn): boolean {
  return turn.platform !== 'win32' && codexLoginInFile(turn.userFiles[codexConfigFile(turn)]);
}

/**
 * `codex login status`: `Not logged in` (exit 1) is a missing login only for OpenAI's own provider and without
 * `CODEX_API_KEY` (which `codex exec` reads and the status does not): a provider of the user's own brings its key.
 */
function loginFromStatus({ status, place, userFiles }: CliLoginFacts): CliLoginState {
  const words = `${status?.stdout ?? ''}\n${status?.stderr ?? ''}`;
  if (status?.code === 0 && /\blogged in\b|api key configured/i.test(words)) return 'signed-in';
  if (status?.code !== 1 || !/\bnot logged in\b/i.test(words)) return 'unknown';
  if ((place.userEnv.CODEX_API_KEY ?? '') !== '') return 'unknown';
  return codexRouting(userFiles[codexConfigFile(place)]).provider === undefined ? 'signed-out' : 'unknown';
}

export const dialect: CliDialect = {
  kind: 'codex',
  program: 'codex',
  productName: 'Codex CLI',
  minimumVersion: '0.169.0',
  parseVersion(output: string): string | undefined {
    return /\bcodex-cli\s+v?(\d+\.\d+\.\d+)\b/.exec(output)?.[1];
  },
  args(turn: CliTurn): string[] {
    return [
      'exec',
      '--json', // JSON lines on stdout
      '--ephemeral', // no session file: nothing to resume
      '--skip-git-repo-check', // the working folder is an empty private folder, not a repository
      '--ignore-user-config', // no user settings, MCP servers, profiles or hooks; the login in CODEX_HOME still works
      '--ignore-rules', // no execpolicy rules
      '--sandbox',
      'read-only',
      '--color',
      'never',
      '--cd',
      turn.workDir,
      '--model',
      turn.model,
      '-c',
      `model_instructions_file=${JSON.stringify(turn.systemPromptFile)}`, // the system prompt, replacing Codex's own
      // The user's provider and addresses, from their config.toml (the only keys of it a turn keeps).
      ...codexRouting(turn.userFiles[codexConfigFile(turn)]).overrides,
      ...OVERRIDES.flatMap(([key, value]) => ['-c', `${key}=${value}`]),
      ...DISABLED_FEATURES.flatMap((feature) => ['--disable', feature]),
      '-', // the prompt is read from stdin
    ];
  },
  env(turn: CliTurn): Record<string, string> {
    return {
      // No execution environment at all: the shell, file and image tools have nothing to run on, and no stdio MCP
      // server can be started (codex-rs/exec-server: the `none` sentinel leaves the default environment unset).
      CODEX_EXEC_SERVER_URL: 'none',
      // Its databases (threads, logs, goals, memories, queue) go to the private home.
      CODEX_SQLITE_HOME: turn.home,
      // The whole CODEX_HOME too (helper links, installation id, the global AGENTS.md it would read), with the login
      // linked into it, where that is safe (privateCodexHome).
      ...(privateCodexHome(turn) ? { CODEX_HOME: turn.home } : {}),
    };
  },
  homeLinks: (turn): Record<string, string> => {
    if (!privateCodexHome(turn)) return {};
    const user = codexUserHome(turn);
    // The login, and the variables Codex loads itself (a provider's key): linked, never read.
    return { 'auth.json': turn.join(user, 'auth.json'), '.env': turn.join(user, '.env') };
  },
  reads: (place) => [codexConfigFile(place)],
  login: {
    // Reads the stored login (auth.json or the keyring) and makes no request.
    command: ['login', 'status'],
    read: loginFromStatus,
  },
  interpreter,
  loginCommand: 'codex login',
  saysSignedOut,
};
