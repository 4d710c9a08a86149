import type { StreamEvent } from '../../llm/types';
import type { CliDialect, CliInterpreter, CliLoginState, CliPlace, CliStep, CliTurn } from '../dialect';
import { classifyFailure, type Failure, SIGNED_OUT } from './claudeFailures';
import { claudeTurnSettings, claudeUserDir } from './claudeSettings';
import { arrayOf, eventType, isBoolean, isNumber, isString, nullable, oneOf, optional, shape } from './jsonShapes';

// Claude Code (`claude`, a native binary) as a conversation: `claude -p` reads the transcript on stdin and prints
// JSON lines (`--output-format stream-json`). With `--include-partial-messages` the API's own SSE events arrive
// wrapped as `{type:'stream_event', event}`, so text streams as the API sends it; a `result` line ends every run.
// docs/cli-claude.md explains each flag and variable, and what was verified against the pinned version.

const Usage = shape({
  input_tokens: isNumber,
  output_tokens: isNumber,
  cache_creation_input_tokens: optional(nullable(isNumber)),
  cache_read_input_tokens: optional(nullable(isNumber)),
});

/** `init`, `status`, `api_retry`…: what the CLI is doing; nothing to show. */
const SystemLine = shape({ type: oneOf('system'), subtype: isString });
/**
 * A subscriber's rate-limit window (`allowed`, `rejected`…), with when it resets (`resetsAt`, seconds since the
 * epoch); a rejection also ends the run with an error, which then carries that moment.
 */
const RateLimitLine = shape({
  type: oneOf('rate_limit_event'),
  rate_limit_info: optional(shape({ status: optional(isString), resetsAt: optional(nullable(isNumber)) })),
});
const StreamLine = shape({
  type: oneOf('stream_event'),
  // The wrapped API event keeps all its fields, read by the shape of its own type below.
  event: shape({ type: isString }),
  parent_tool_use_id: optional(nullable(isString)),
  /** On a `message_stop` the CLI made itself after it stopped reading a broken response. */
  abandoned_blocks: optional(shape({ from_block_index: isNumber })),
});
const MessageStart = shape({ type: oneOf('message_start') });
const BlockDelta = shape({
  type: oneOf('content_block_delta'),
  index: isNumber,
  delta: shape({ type: isString, text: optional(isString) }),
});
/** The whole message once complete; with `is_api_error_message` it is the CLI's report of a failed request. */
const AssistantLine = shape({
  type: oneOf('assistant'),
  message: shape({ content: arrayOf(shape({ type: isString, text: optional(isString) })) }),
  is_api_error_message: optional(isBoolean),
  error: optional(isString),
  api_error_status: optional(nullable(isNumber)),
});
const ResultLine = shape({
  type: oneOf('result'),
  subtype: isString,
  is_error: isBoolean,
  result: optional(isString),
  stop_reason: optional(nullable(isString)),
  api_error_status: optional(nullable(isNumber)),
  errors: optional(arrayOf(isString)),
  usage: optional(Usage),
});

const unknown: CliStep = { events: [], unknown: true };
const nothing: CliStep = { events: [] };

export const dialect: CliDialect = {
  kind: 'claude',
  program: 'claude',
  productName: 'Claude Code',
  // The only version these flags and events were verified on: --permission-prompts, --system-prompt-file and the
  // `abandoned_blocks` mark are recent, and an older CLI refuses an unknown flag.
  minimumVersion: '2.1.328',
  parseVersion(output) {
    // `2.1.328 (Claude Code)`
    return /\b(\d+\.\d+\.\d+)\b/.exec(output)?.[1];
  },
  args(turn: CliTurn) {
    // Invariant: nothing of the transcript or the system prompt is here; the prompt is a file, the transcript stdin.
    return [
      '--print',
      '--input-format',
      'text',
      '--output-format',
      'stream-json',
      '--verbose',
      '--include-partial-messages',
      '--model',
      turn.model,
      '--system-prompt-file',
      turn.systemPromptFile,
      '--tools',
      '',
      '--strict-mcp-config',
      '--mcp-config',
      '{"mcpServers":{}}',
      // The user settings source is the turn's own settings.json in its private config folder: the routing keys of
      // the user's file and nothing else (claudeSettings.ts). Project and local settings are not read.
      '--setting-sources',
      'user',
      '--disable-slash-commands',
      '--no-session-persistence',
      '--permission-mode',
      'dontAsk',
      '--permission-prompts',
      'none',
    ];
  },
  env: (turn) => turnEnv(turn),
  reads: (turn) => [userSettingsFile(turn)],
  homeFiles: (turn) => ({
    'settings.json': claudeTurnSettings(userSettingsFile(turn), turn.userFiles[userSettingsFile(turn)], turnEnv(turn)),
  }),
  login: {
    // Prints JSON and exits 1 when signed out; counts a key in the environment or the settings, and a key script,
    // without running it. With the turn's variables it connected to nothing.
    command: ['auth', 'status'],
    read: ({ status }) => loginFromStatus(status?.stdout),
  },
  interpreter: () => new ClaudeInterpreter(),
  loginCommand: 'claude auth login',
  saysSignedOut: (text) => SIGNED_OUT.test(text),
};

function userSettingsFile(place: CliPlace): string {
  return place.join(claudeUserDir(place), 'settings.json');
}

function turnEnv(turn: CliTurn): Record<string, string> {
  return {
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1',
    CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1',
    // One request per turn: a retry or a fallback after text was shown would repeat or replace it, and the CLI's
    // default (10 retries with backoff) can wait for minutes. Roundtable's own retry is one click away.
    CLAUDE_CODE_MAX_RETRIES: '0',
    CLAUDE_CODE_DISABLE_NONSTREAMING_FALLBACK: '1',
    // The CLI's state (`.claude.json` and its backups, the session registry, the plugin store) goes to the private
    // home, and so do its temporary files (a probe folder, a socket) that would land in /tmp.
    CLAUDE_CONFIG_DIR: turn.home,
    CLAUDE_CODE_TMPDIR: turn.home,
    // The login stays where the user's CLI keeps it: empty means `~/.claude/.credentials.json`, or the keychain entry
    // with no folder suffix (macOS); a user's own config folder is named so its suffixed entry is found.
    CLAUDE_SECURESTORAGE_CONFIG_DIR:
      turn.userEnv.CLAUDE_SECURESTORAGE_CONFIG_DIR ?? turn.userEnv.CLAUDE_CONFIG_DIR?.trim() ?? '',
  };
}

/** `claude auth status`: `{"loggedIn": false, …}` (exit 1) when signed out; anything else it printed tells nothing. */
function loginFromStatus(stdout: string | undefined): CliLoginState {
  try {
    const loggedIn = (JSON.parse(stdout ?? '') as { loggedIn?: unknown }).loggedIn;
    if (loggedIn === false) return 'signed-out';
    if (loggedIn === true) return 'signed-in';
  } catch {
    // not JSON: an older or newer CLI, or an error
  }
  return 'unknown';
}

class ClaudeInterpreter implements CliInterpreter {
  /** Content blocks of the current response whose text was passed on: shown text can never be taken back. */
  private shownBlocks = new Set<number>();
  private shownAny = false;
  /** The CLI's report of the failed request, kept for the `result` (or the abandoned stop) that ends the run. */
  private failure: Failure | undefined;
  /** When a window that rejected the run resets (ms since the epoch), from a `rejected` rate-limit event. */
  private rejectedUntil: number | undefined;

  take(line: unknown): CliStep {
    switch (eventType(line)) {
      case 'system':
        return SystemLine(line) ? nothing : unknown;
      case 'rate_limit_event':
        return this.rateLimit(line);
      case 'stream_event':
        return this.streamEvent(line);
      case 'assistant':
        return this.assistant(line);
      case 'result':
        return this.result(line);
      default:
        return unknown;
    }
  }

  private rateLimit(line: unknown): CliStep {
    if (!RateLimitLine(line)) return unknown;
    const info = line.rate_limit_info;
    if (info?.status === 'rejected' && typeof info.resetsAt === 'number') this.rejectedUntil = info.resetsAt * 1000;
    return nothing;
  }

  private streamEvent(line: unknown): CliStep {
    if (!StreamLine(line)) return unknown;
    const { event, parent_tool_use_id: parent, abandoned_blocks: abandoned } = line;
    // A sub-agent's stream (none run without tools) is not the reply.
    if (parent) return nothing;
    switch (event.type) {
      case 'message_start':
        if (!MessageStart(event)) return unknown;
        this.shownBlocks = new Set();
        return nothing;
      case 'content_block_delta': {
        if (!BlockDelta(event)) return unknown;
        const { index, delta: d } = event;
        // Thinking, signatures and tool input are not the reply; only text is shown.
        if (d.type !== 'text_delta' || d.text === undefined || d.text === '') return nothing;
        this.shownBlocks.add(index);
        this.shownAny = true;
        return { events: [{ type: 'delta', text: d.text }] };
      }
      case 'message_stop': {
        if (!abandoned) return nothing;
        const lost = [...this.shownBlocks].some((index) => index >= abandoned.from_block_index);
        if (!lost) return nothing;
        // Text already shown was dropped by the CLI: whatever it does next (a retry, a fallback) would repeat or
        // replace it, so the reply ends here, with the CLI's own report when it gave one first.
        return this.fail(this.failure ?? { words: 'the response broke off after part of the reply was shown' });
      }
      default:
        return nothing;
    }
  }

  private assistant(line: unknown): CliStep {
    if (!AssistantLine(line)) return unknown;
    const { message, is_api_error_message: isError, error, api_error_status: status } = line;
    // The text of a normal message already came as deltas; an error message is the reason the `result` will give.
    if (isError) {
      const words = message.content.map((c) => c.text ?? '').join('\n');
      this.failure = { words, error, status: status ?? undefined };
    }
    return nothing;
  }

  private result(r: unknown): CliStep {
    if (!ResultLine(r)) return unknown;
    if (r.is_error || r.subtype !== 'success') {
      const words = r.result || r.errors?.join('; ') || `the run ended with “${r.subtype}”`;
      return this.fail(this.failure ?? { words, status: r.api_error_status ?? undefined });
    }
    const said = r.result ?? '';
    if (!this.shownAny && said.trim() !== '') {
      // A success whose text never streamed did not come from the model: the CLI answered by itself (a prompt
      // starting with `/` is read as one of its commands).
      return this.fail({ words: `it answered by itself instead of asking the model: ${said}` });
    }
    const events: StreamEvent[] = [];
    if (r.usage) {
      const u = r.usage;
      // The API counts cached prompt tokens apart from `input_tokens`; the prompt is all three.
      const inputTokens = u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
      events.push({ type: 'usage', usage: { inputTokens, outputTokens: u.output_tokens } });
    }
    events.push({ type: 'finish', reason: r.stop_reason ?? null });
    return { events, done: true };
  }

  private fail(failure: Failure): CliStep {
    const withReset = this.rejectedUntil === undefined ? failure : { ...failure, resetAt: this.rejectedUntil };
    return { events: [{ type: 'error', error: classifyFailure(withReset, dialect) }], done: true };
  }
}
