import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ChatBackend } from '@roundtable/core/orchestrator/ports';
import type { ParticipantConfig } from '@roundtable/core/participants/participant';
import { type ProxyEndpoint, resolveProxyEndpoint } from '@roundtable/sidecar/endpoint';
import { type ParseError, parse } from 'jsonc-parser';
import { readSettings } from '../src/adapters/readSettings';
import { resolveHost } from '../src/adapters/resolveHost';
import { createChatBackend } from '../src/proxy/createChatBackend';

// `pnpm eval --live`: the user's own seats, as their VS Code settings seat them, reached as the extension reaches
// them (CLIProxyAPI, loopback only, and the HTTP endpoints of `roundtable.providers`). Seats on an official CLI are
// left out and said so: the eval runs no CLI.

export interface LiveTable {
  participants: ParticipantConfig[];
  chat: ChatBackend;
  /** Seats at the table the eval cannot ask, with why. */
  skipped: string[];
  /** Where the proxy is, for the question asked before anything is spent. */
  proxy: string;
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

/** The user's seats and a way to ask them; throws with what to do when the proxy cannot be found. */
export async function liveTable(options: LiveOptions): Promise<LiveTable> {
  const settings = readUserSettings(options.settingsFile);
  const cli = new Set(settings.providers.filter((p) => p.kind === 'cli').map((p) => p.id));
  const enabled = settings.orchestrator.participants.filter((p) => p.enabled && !p.muted);
  const participants = enabled.filter((p) => !p.provider || !cli.has(p.provider));
  const skipped = enabled.filter((p) => !participants.includes(p)).map((p) => `${p.id} (on an official CLI)`);
  const where = options.proxy
    ? { mode: 'external' as const, port: 8317, externalUrl: options.proxy }
    : settings.endpoint;
  let endpoint: ProxyEndpoint;
  let accessKey = options.accessKey;
  if (where.mode === 'external') {
    endpoint = await resolveProxyEndpoint(where, resolveHost);
  } else {
    const managed = managedProxy(options.storageDir);
    endpoint = await resolveProxyEndpoint({ mode: 'external', port: managed.port, externalUrl: '' }, resolveHost);
    accessKey ??= managed.accessKey;
  }
  if (!endpoint.ok) throw new Error(endpoint.error);
  const key = accessKey;
  const chat = createChatBackend(
    async () => endpoint,
    async () => key,
    () => {},
    () => settings.providers,
  );
  return { participants, chat, skipped, proxy: endpoint.root };
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
