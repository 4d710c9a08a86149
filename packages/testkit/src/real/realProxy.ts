import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The CLIProxyAPI release the project pins; `scripts/real-proxy/build.sh` builds exactly this one. */
export const REAL_PROXY_VERSION = 'v7.2.140';

/**
 * Where the real binary is: `ROUNDTABLE_CLIPROXYAPI_BIN`, else the build script's cache
 * (`$XDG_CACHE_HOME` or `~/.cache`, then `roundtable-cliproxyapi/<version>/cli-proxy-api`).
 */
export function realProxyBinary(): { ok: true; path: string } | { ok: false; reason: string } {
  const path =
    process.env.ROUNDTABLE_CLIPROXYAPI_BIN ??
    join(
      process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
      'roundtable-cliproxyapi',
      REAL_PROXY_VERSION,
      'cli-proxy-api',
    );
  if (existsSync(path)) return { ok: true, path };
  return {
    ok: false,
    reason: `the real CLIProxyAPI ${REAL_PROXY_VERSION} is not built (${path} is missing). Run scripts/real-proxy/build.sh (needs Go), or set ROUNDTABLE_CLIPROXYAPI_BIN.`,
  };
}

export interface RealProxyOptions {
  /** The OpenAI-style base of the fake upstream, e.g. `http://127.0.0.1:4000/v1`. */
  upstreamBaseUrl: string;
  /** Model ids the `openai-compatibility` entry serves (as their own aliases). */
  models: string[];
  accessKeys: string[];
  /** `streaming.keepalive-seconds`; 0 (the proxy's default) sends no keep-alive comments. */
  keepaliveSeconds?: number;
  /** The hidden `-password` flag: turns on `/keep-alive` and the self-shutdown 10 s after the last ping. */
  password?: string;
  /** A port to use instead of a free one (e.g. one already taken, to see what the proxy does). */
  port?: number;
}

export interface RealProxy {
  /** E.g. `http://127.0.0.1:41234`: no trailing slash and no `/v1`. */
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** What the process wrote so far (stdout and stderr). */
  output(): string;
  /** Settles when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after 5 s; removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts the real CLIProxyAPI on 127.0.0.1 with a generated config (a test fixture: the product never writes one):
 * the access keys, one `openai-compatibility` provider aimed at a fake upstream on loopback, the proxy's defaults for
 * retries and cooling, management and the control panel off, `proxy-url: direct` and `-local-model`, so it talks to
 * nothing but loopback. Resolves once `/healthz` answers.
 */
/**
 * Proxy settings for the process's own outgoing HTTP: CLIProxyAPI fetches an Antigravity version manifest from the
 * internet at start (and every 3 h) whatever its config says, through Go's default client, which honours these
 * variables. Aimed at a closed loopback port, that request fails at once and nothing leaves the machine. Go never
 * sends loopback requests (the fake upstream) through a proxy, and the config's `proxy-url: direct` covers providers.
 */
export const NO_EGRESS = {
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  http_proxy: 'http://127.0.0.1:9',
  https_proxy: 'http://127.0.0.1:9',
};

export async function startRealProxy(options: RealProxyOptions): Promise<RealProxy> {
  const binary = realProxyBinary();
  if (!binary.ok) throw new Error(binary.reason);
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-real-proxy-'));
  const port = options.port ?? (await freePort());
  const config = {
    host: '127.0.0.1',
    port,
    'auth-dir': join(dir, 'auths'),
    'api-keys': options.accessKeys,
    'remote-management': {
      'allow-remote': false,
      'secret-key': '',
      'disable-control-panel': true,
      'disable-auto-update-panel': true,
    },
    debug: false,
    'logging-to-file': false,
    'request-log': false,
    'commercial-mode': true,
    'usage-statistics-enabled': false,
    'proxy-url': 'direct',
    'request-retry': 3,
    'max-retry-interval': 30,
    streaming: { 'keepalive-seconds': options.keepaliveSeconds ?? 0 },
    'openai-compatibility': [
      {
        name: 'fake-upstream',
        'base-url': options.upstreamBaseUrl,
        'api-key-entries': [{ 'api-key': 'upstream-key' }],
        models: options.models.map((name) => ({ name, alias: name })),
      },
    ],
  };
  // JSON is YAML: no YAML writer is needed for a config whose values the test controls.
  const configPath = join(dir, 'config.yaml');
  await writeFile(configPath, JSON.stringify(config, null, 2), { mode: 0o600 });

  const args = ['-config', configPath, '-local-model', ...(options.password ? ['-password', options.password] : [])];
  const env: NodeJS.ProcessEnv = { ...process.env, WRITABLE_PATH: dir, ...NO_EGRESS };
  for (const name of [
    'NO_PROXY',
    'no_proxy',
    'PGSTORE_DSN',
    'GITSTORE_GIT_URL',
    'OBJECTSTORE_ENDPOINT',
    'HOME_JWT',
    'DEPLOY',
    'MANAGEMENT_PASSWORD',
  ]) {
    delete env[name];
  }
  const child = spawn(binary.path, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': by then its output is all read, so a test sees the last line it printed.
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const proxy: RealProxy = { url, port, process: child, output: () => output, exited, close };
  if (options.port === undefined) {
    try {
      await waitForHealth(url, exited);
      await waitForStartup(() => output, exited);
    } catch (error) {
      await close();
      throw new Error(`${(error as Error).message}\n${output}`);
    }
  }
  return proxy;
}

async function waitForHealth(url: string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error('the real CLIProxyAPI exited before answering /healthz');
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the real CLIProxyAPI did not answer /healthz within 20 s');
}

/**
 * The line the proxy logs last when it starts. It answers `/healthz` and even chat requests about 100 ms before it has
 * loaded its providers, and that load replaces their state: a cooling pause set in that window is forgotten. A test
 * that starts at `/healthz` would therefore see a pause vanish, now and then, on a loaded machine.
 */
const STARTUP_DONE = 'core auth auto-refresh started';

async function waitForStartup(output: () => string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 20_000;
  while (!output().includes(STARTUP_DONE)) {
    if (gone) throw new Error('the real CLIProxyAPI exited while starting');
    if (Date.now() > deadline) {
      throw new Error(`the real CLIProxyAPI answers /healthz but did not log "${STARTUP_DONE}" within 20 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port nothing listens on now (the OS picks it; there is a small window before the proxy takes it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
