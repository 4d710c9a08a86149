import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ChatBackend } from '@roundtable/core/orchestrator/ports';
import type { ParticipantConfig } from '@roundtable/core/participants/participant';
import { type ProxyEndpoint, resolveProxyEndpoint } from '@roundtable/sidecar/endpoint';
import { type ParseError, parse } from 'jsonc-parser';
import { BUILT_IN_PROVIDER, httpProviders } from '../src/adapters/readProviders';
import { readSettings } from '../src/adapters/readSettings';
import { resolveHost } from '../src/adapters/resolveHost';
import { createChatBackend } from '../src/proxy/createChatBackend';

// `pnpm eval --live`: the user's own seats, as their VS Code settings seat them, reached as the extension reaches
// them (CLIProxyAPI, loopback only, and the HTTP endpoints of `roundtable.providers`). Seats on an official CLI, or on
// a provider the settings do not (validly) list, are left out and said so: the eval runs no CLI.

export interface LiveTable {
  participants: ParticipantConfig[];
  chat: ChatBackend;
  /** Seats at the table the eval cannot ask, with why. */
  skipped: string[];
  /**
   * Where the requests go, for the question asked before anything is spent: the proxy's root when a seat sits on it,
   * then each `roundtable.providers` endpoint a seat is on (`llama.cpp (http://127.0.0.1:8080/v1)`).
   */
  endpoints: string[];
  /** What the settings file holds that was ignored (a provider refused for not being on this machine, a typo). */
  problems: string[];
  /** Whether CLIProxyAPI is asked at all: only when an enabled seat has no `provider` (or names the built-in one). */
  usesProxy: boolean;
}

export interface LiveOptions {
  /** The VS Code user settings file (`settings.json`, with comments). */
  settingsFile: string;
  /** The extension's global storage folder (managed mode: the proxy's lease and config are there). */
  storageDir: string;
  /** The proxy's address, over what the settings say (`http://127.0.0.1:8317`). */
  proxy?: string | undefined;
  /** The proxy's access key, over the one found (`ROUNDTABLE_ACCESS_KEY`). */
  accessKey?: string | undefined;
}

/** VS Code's user folder on each system: where `settings.json` and `globalStorage/` are. */
export function vscodeUserDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'win32')
    return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), 'Code', 'User');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'Code', 'User');
  return path.posix.join(env.XDG_CONFIG_HOME ?? path.posix.join(home, '.config'), 'Code', 'User');
}

/** The `roundtable.*` settings of a VS Code settings file, as the extension would read them. */
export function readUserSettings(file: string): ReturnType<typeof readSettings> {
  const errors: ParseError[] = [];
  const json = parse(readFileSync(file, 'utf8'), errors, { allowTrailingComma: true }) as Record<
    string,
    unknown
  > | null;
  if (errors.length > 0 || json === null || typeof json !== 'object') throw new Error(`${file}: not a settings file`);
  return readSettings({ get: <T>(section: string) => json[`roundtable.${section}`] as T | undefined });
}

/**
 * The user's seats and a way to ask them; throws with what to do when the proxy is needed and cannot be found. The
 * proxy is looked for only when some seat sits on it: a table of `roundtable.providers` seats (a local llama.cpp or
 * Ollama) runs with no CLIProxyAPI and no VS Code. Every request goes to this machine: the proxy's address is pinned
 * to loopback (`resolveProxyEndpoint`) and each provider's `baseUrl` was refused unless loopback (`readProviders`).
 */
export async function liveTable(options: LiveOptions): Promise<LiveTable> {
  const settings = readUserSettings(options.settingsFile);
  const byId = new Map(settings.providers.map((p) => [p.id, p]));
  const enabled = settings.orchestrator.participants.filter((p) => p.enabled && !p.muted);
  const skipped: string[] = [];
  const participants = enabled.filter((p) => {
    if (p.provider === undefined || p.provider === BUILT_IN_PROVIDER) return true;
    const provider = byId.get(p.provider);
    // A provider that is not listed (or was refused: not loopback, a typo) would fail every reply: say why, ask none.
    if (!provider) skipped.push(`${p.id} (provider "${p.provider}" is not a usable entry of roundtable.providers)`);
    else if (provider.kind === 'cli') skipped.push(`${p.id} (on an official CLI)`);
    return provider !== undefined && provider.kind !== 'cli';
  });
  const http = httpProviders(settings.providers).filter((q) => participants.some((p) => p.provider === q.id));
  const usesProxy = participants.some((p) => p.provider === undefined || p.provider === BUILT_IN_PROVIDER);
  let endpoint: ProxyEndpoint = { ok: false, error: 'No seat of this run sits on CLIProxyAPI.' };
  let accessKey = options.accessKey;
  if (usesProxy) {
    const where = options.proxy
      ? { mode: 'external' as const, port: 8317, externalUrl: options.proxy }
      : settings.endpoint;
    if (where.mode === 'external') {
      endpoint = await resolveProxyEndpoint(where, resolveHost);
    } else {
      const managed = managedProxy(options.storageDir);
      endpoint = await resolveProxyEndpoint({ mode: 'external', port: managed.port, externalUrl: '' }, resolveHost);
      accessKey ??= managed.accessKey;
    }
    if (!endpoint.ok) throw new Error(endpoint.error);
  }
  const target = endpoint;
  const key = accessKey;
  const chat = createChatBackend(
    async () => target,
    async () => key,
    () => {},
    () => settings.providers,
  );
  const endpoints = [...(target.ok ? [target.root] : []), ...http.map((p) => `${p.name} (${p.baseUrl})`)];
  return { participants, chat, skipped, endpoints, usesProxy, problems: settings.problems };
}

/**
 * The proxy a Roundtable window runs (managed mode): its port from the lease the windows share, and the access key
 * its config lets in (Roundtable's own file; no sign-in file is read).
 */
function managedProxy(storageDir: string): { port: number; accessKey: string | undefined } {
  const root = path.join(storageDir, 'cliproxyapi');
  const leaseFile = path.join(root, 'lease.json');
  if (!existsSync(leaseFile)) {
    throw new Error(
      `No managed CLIProxyAPI found (${leaseFile} is missing): open VS Code with Roundtable so it runs, or give --proxy.`,
    );
  }
  const port = (JSON.parse(readFileSync(leaseFile, 'utf8')) as { port?: unknown }).port;
  if (typeof port !== 'number') throw new Error('The managed CLIProxyAPI is not running: open a VS Code window first.');
  const config = path.join(root, 'run', 'config.yaml');
  const key = existsSync(config)
    ? /^api-keys:\s*\r?\n\s*-\s*['"]?([A-Za-z0-9_-]+)['"]?\s*$/m.exec(readFileSync(config, 'utf8'))?.[1]
    : undefined;
  return { port, accessKey: key };
}
