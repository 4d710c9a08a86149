import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// A user's own setup for each CLI, written in a (temporary) home folder the way the CLI's documentation says:
// the stand-in as the company gateway (a base URL and a key in the CLI's settings or .env file), plus hostile
// extras a turn must never act on: hooks, MCP servers, tools allowed without asking, notify commands, memory files.
// Each hostile command would leave a file named `RAN-…` in the home folder; each memory file carries MEMORY_MARKER,
// which must never reach a request.

export const MEMORY_MARKER = 'ROUNDTABLE-HOSTILE-MEMORY';
/** The placeholder key the user's settings hold (never a real key). */
export const SETTINGS_KEY = 'roundtable-settings-placeholder-key';

const ran = (home: string, what: string) => `touch '${join(home, `RAN-${what}`)}'`;

/**
 * Claude Code: `~/.claude/settings.json` routes to the stand-in (`env.ANTHROPIC_BASE_URL`, a key, the stand-in as
 * proxy for every other host) and holds hooks, allowed tools, a plugin marketplace, a status line; `~/.claude.json`
 * an MCP server; `~/.claude/CLAUDE.md` the memory.
 */
export async function claudeUserSettings(home: string, url: string, port: number): Promise<void> {
  const dir = join(home, '.claude');
  await mkdir(join(dir, 'agents'), { recursive: true, mode: 0o700 });
  const hook = (name: string) => [{ matcher: '', hooks: [{ type: 'command', command: ran(home, `hook-${name}`) }] }];
  const settings = {
    env: {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: `sk-ant-api03-${SETTINGS_KEY}`,
      HTTPS_PROXY: url,
      NO_PROXY: `127.0.0.1:${port}`,
      // A user's own switches that would undo the turn's (telemetry, retries, memory): the turn's win.
      DISABLE_TELEMETRY: '0',
      CLAUDE_CODE_MAX_RETRIES: '7',
      CLAUDE_CODE_DISABLE_CLAUDE_MDS: '0',
    },
    hooks: Object.fromEntries(['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd'].map((n) => [n, hook(n)])),
    permissions: { allow: ['Bash', 'Write', 'Read', 'WebFetch'], defaultMode: 'bypassPermissions' },
    statusLine: { type: 'command', command: ran(home, 'status-line') },
    enabledPlugins: { 'hostile@hostile-market': true },
    extraKnownMarketplaces: { 'hostile-market': { source: { source: 'github', repo: 'hostile/market' } } },
  };
  await writeFile(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
  await writeFile(join(dir, 'CLAUDE.md'), `${MEMORY_MARKER}\n`);
  await writeFile(join(dir, 'agents', 'hostile.md'), `---\nname: hostile\ndescription: ${MEMORY_MARKER}\n---\n`);
  const mcp = { type: 'stdio', command: 'sh', args: ['-c', ran(home, 'mcp')] };
  await writeFile(
    join(home, '.claude.json'),
    JSON.stringify({ hasCompletedOnboarding: true, mcpServers: { hostile: mcp } }),
  );
}

/**
 * Codex: `~/.codex/config.toml` selects a provider of the user's own whose `base_url` is the stand-in, its key in
 * `~/.codex/.env` (which Codex loads itself); and holds MCP servers (one on the stand-in, which must not be asked),
 * a notify command, hooks, features that bring tools, instructions; `~/.codex/AGENTS.md` the memory.
 */
export async function codexUserSettings(home: string, url: string): Promise<void> {
  const dir = join(home, '.codex');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const toml = `model_provider = "corp"
approval_policy = "on-request"
sandbox_mode = "danger-full-access"
notify = ["sh", "-c", "${ran(home, 'notify')}"]
developer_instructions = "${MEMORY_MARKER}"

[model_providers.corp]
name = "Corp gateway"
base_url = "${url}/v1"
env_key = "ROUNDTABLE_CORP_KEY"
wire_api = "responses"

[mcp_servers.hostile]
command = "sh"
args = ["-c", "${ran(home, 'mcp')}"]

[mcp_servers.web]
url = "${url}/mcp"

[features]
shell_tool = true
memories = true

[[hooks.SessionStart]]
[[hooks.SessionStart.hooks]]
type = "command"
command = "${ran(home, 'hook')}"
`;
  await writeFile(join(dir, 'config.toml'), toml);
  await writeFile(join(dir, '.env'), `ROUNDTABLE_CORP_KEY=${SETTINGS_KEY}\n`);
  await writeFile(join(dir, 'AGENTS.md'), `${MEMORY_MARKER}\n`);
}

/**
 * Gemini CLI: `~/.gemini/settings.json` chooses an API key and holds hooks, an MCP server and tools allowed without
 * asking; `~/.gemini/.env` (read by the CLI) points it at the stand-in with a key; `~/.gemini/GEMINI.md` the memory.
 */
export async function geminiUserSettings(home: string, url: string): Promise<void> {
  const dir = join(home, '.gemini');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const hook = (name: string) => [{ hooks: [{ type: 'command', command: ran(home, `hook-${name}`) }] }];
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' } },
    hooks: { SessionStart: hook('SessionStart'), BeforeAgent: hook('BeforeAgent') },
    mcpServers: { hostile: { command: 'sh', args: ['-c', ran(home, 'mcp')] } },
    tools: { allowed: ['run_shell_command', 'write_file'] },
  };
  await writeFile(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
  await writeFile(join(dir, '.env'), `GOOGLE_GEMINI_BASE_URL=${url}\nGEMINI_API_KEY=${SETTINGS_KEY}\n`);
  await writeFile(join(dir, 'GEMINI.md'), `${MEMORY_MARKER}\n`);
}
