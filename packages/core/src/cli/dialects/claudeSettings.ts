import type { CliPlace } from '../dialect';

// Claude Code runs each turn with a private config folder (`CLAUDE_CONFIG_DIR`), so it writes nothing in the user's
// (its `.claude.json`, session registry, plugin store) and reads no CLAUDE.md, agent, command, skill, output style,
// plugin or hook of theirs. What of the user's settings a turn keeps is chosen here: only what routes traffic or
// produces the credentials for it, so a company gateway, proxy or certificate set the CLI's own way keeps working.

/**
 * The keys of the user's `settings.json` carried into the turn's own settings. Each one only routes traffic or
 * produces its credentials: `env` (a base URL, a proxy, extra CA certificates, a Bedrock or Vertex switch, keys),
 * the scripts that print a key or a proxy header (`apiKeyHelper`, `proxyAuthHelper`), those that refresh cloud
 * credentials (`awsAuthRefresh`, `awsCredentialExport`, `gcpAuthRefresh`), and the login restrictions an employer
 * may set (`forceLoginMethod`, `forceLoginOrgUUID`). Everything else (hooks, permissions, plugins and their
 * marketplaces, MCP, output style, status line, memory) is left out.
 */
export const CLAUDE_ROUTING_KEYS = [
  'env',
  'apiKeyHelper',
  'proxyAuthHelper',
  'awsAuthRefresh',
  'awsCredentialExport',
  'gcpAuthRefresh',
  'forceLoginMethod',
  'forceLoginOrgUUID',
] as const;

/** The user's Claude Code folder: `CLAUDE_CONFIG_DIR` when they set one, else `~/.claude`. */
export function claudeUserDir(place: CliPlace): string {
  return place.userEnv.CLAUDE_CONFIG_DIR?.trim() || place.join(place.userHome, '.claude');
}

/**
 * The turn's `settings.json` (its user settings, in the private config folder): the routing keys of the user's file,
 * with the turn's own variables over the user's `env` (a user's `DISABLE_TELEMETRY=0` or `CLAUDE_CONFIG_DIR` does not
 * undo them). Throws a sentence naming the file when it is not a JSON object: the CLI would refuse it too, and
 * leaving it out would silently send the turn past the user's gateway.
 */
export function claudeTurnSettings(path: string, text: string | undefined, own: Record<string, string>): string {
  const user = parseSettings(path, text);
  const kept: Record<string, unknown> = {};
  for (const key of CLAUDE_ROUTING_KEYS) if (key !== 'env' && user[key] !== undefined) kept[key] = user[key];
  const env: Record<string, string> = {};
  const userEnv = user.env;
  if (typeof userEnv === 'object' && userEnv !== null && !Array.isArray(userEnv)) {
    for (const [name, value] of Object.entries(userEnv)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        env[name] = String(value);
    }
  }
  return `${JSON.stringify({ ...kept, env: { ...env, ...own } }, null, 2)}\n`;
}

function parseSettings(path: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`Claude Code's settings file ${path} is not valid JSON (${(error as Error).message}): fix it.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`Claude Code's settings file ${path} is not a JSON object: fix it.`);
  }
  return parsed as Record<string, unknown>;
}
