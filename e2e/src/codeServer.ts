import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from './freePort';
import { codeServerEnv } from './processEnv';
import type { RunDir } from './runDir';
import { cleanWorkbenchSettings } from './settings';
import { assertToolchainInstalled, type Toolchain } from './toolchain';

const execFileAsync = promisify(execFile);

export interface CodeServerOptions {
  readonly toolchain: Toolchain;
  readonly runDir: RunDir;
  /** Installed with `--install-extension` before the server starts. */
  readonly vsixPath?: string;
  /**
   * Runs the extension as VS Code runs one under development (`extensionMode` Development), the only mode in which
   * Roundtable reads its test hooks (a loopback release mirror, variables for the proxy): the .vsix is unpacked by the
   * same CLI into a folder of its own, and the workbench opens with that folder as `extensionDevelopmentPath`.
   */
  readonly development?: boolean;
  /** Merged over the clean workbench settings into <user-data>/User/settings.json. */
  readonly settings?: Record<string, unknown>;
  /** Defaults to a free port on 127.0.0.1. */
  readonly port?: number;
  readonly startTimeoutMs?: number;
  /** Added to the server's environment, which its extension hosts inherit. */
  readonly extraEnv?: NodeJS.ProcessEnv;
  /**
   * Flags for the server's Node (e.g. `--require <preload>`). code-server forks its server and VS Code forks the
   * extension host with the parent's execArgv (minus `--inspect*`), so they reach the extension host; NODE_OPTIONS
   * would not, as VS Code deletes it from the extension host's environment.
   */
  readonly nodeArgs?: readonly string[];
}

export interface CodeServer {
  readonly port: number;
  readonly url: string;
  /** The workbench with the run's workspace folder open. */
  readonly workbenchUrl: string;
  readonly runDir: RunDir;
  /** code-server's own stdout and stderr. */
  readonly logFile: string;
  /**
   * The server's process id, which is also its process group's: the extension host, file watcher and pty host it
   * forks are in that group.
   */
  readonly pid: number;
  /** With `development`: the unpacked extension the workbench loads as the one under development. */
  readonly developmentPath?: string;
  /**
   * Rewrites <user-data>/User/settings.json (clean workbench settings plus these). Takes effect at the next window
   * load: code-server's web workbench did not pick up an on-disk edit within 30 s.
   */
  writeUserSettings(settings: Record<string, unknown>): void;
  /** SIGTERM to the server's process group, SIGKILL to whatever is left after a grace period. Idempotent. */
  stop(): Promise<void>;
}

/** Flags shared by the server and the CLI: both must agree on where user data and extensions live. */
function baseArgs(runDir: RunDir, configFile: string): string[] {
  return [
    '--user-data-dir',
    runDir.userData,
    '--extensions-dir',
    runDir.extensions,
    // Without --config, every code-server invocation (even --version) writes ~/.config/code-server/config.yaml.
    '--config',
    configFile,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
  ];
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const { toolchain, runDir } = options;
  assertToolchainInstalled(toolchain, { browser: false });
  const port = options.port ?? (await findFreePort());
  const env = { ...codeServerEnv(toolchain, runDir), ...options.extraEnv };
  const configFile = path.join(runDir.config, 'config.yaml');
  writeFileSync(configFile, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const settingsFile = path.join(runDir.userData, 'User', 'settings.json');
  const writeUserSettings = (settings: Record<string, unknown>) =>
    writeFileSync(settingsFile, `${JSON.stringify({ ...cleanWorkbenchSettings, ...settings }, null, 2)}\n`);
  writeUserSettings(options.settings ?? {});
  const args = baseArgs(runDir, configFile);

  let developmentPath: string | undefined;
  if (options.vsixPath && options.development) {
    developmentPath = await unpackExtension(toolchain, env, args, options.vsixPath, runDir);
  } else if (options.vsixPath) {
    await installExtension(toolchain, env, args, options.vsixPath, runDir);
  }

  const logFile = path.join(runDir.root, 'code-server.log');
  const logFd = openSync(logFile, 'a');
  // detached: the server gets its own process group, so stop() can reach the extension host, file watcher, agent
  // host and pty host it forks, by the server's own pid and nothing else.
  // The built workbench honours a development path in its URL only with the smoke-test driver on.
  const development = developmentPath ? ['--vscode-option', 'enable-smoke-test-driver'] : [];
  const serverArgs = [...args, ...development, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, runDir.workspace];
  // With Node flags, run the bin (a Node script) with Node 24 explicitly, as its shebang would.
  const [command, commandArgs] = options.nodeArgs
    ? [path.join(toolchain.nodeBinDir, 'node'), [...options.nodeArgs, toolchain.codeServerBin, ...serverArgs]]
    : [toolchain.codeServerBin, serverArgs];
  const child = spawn(command, commandArgs, {
    env,
    cwd: runDir.workspace,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  // A failed spawn emits 'error' instead of 'exit'; either way the health wait must stop waiting.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit);
      await terminate(child, exited);
    })();
    return stopping;
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, exited, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(
      `code-server did not become healthy: ${(error as Error).message}\n--- ${logFile} (tail) ---\n${tail}`,
    );
  }
  return {
    port,
    url,
    pid: child.pid ?? 0,
    workbenchUrl: `${url}/?folder=${encodeURIComponent(runDir.workspace)}${developmentPayload(port, developmentPath)}`,
    runDir,
    logFile,
    ...(developmentPath ? { developmentPath } : {}),
    writeUserSettings,
    stop,
  };
}

async function installExtension(
  toolchain: Toolchain,
  env: NodeJS.ProcessEnv,
  args: string[],
  vsixPath: string,
  runDir: RunDir,
): Promise<void> {
  let stdout = '';
  let stderr = '';
  try {
    ({ stdout, stderr } = await execFileAsync(
      toolchain.codeServerBin,
      [...args, '--install-extension', path.resolve(vsixPath)],
      { env, cwd: runDir.root, timeout: 120_000 },
    ));
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    stdout = failed.stdout ?? '';
    stderr = failed.stderr ?? failed.message;
  }
  writeFileSync(path.join(runDir.root, 'install-extension.log'), `${stdout}\n${stderr}`);
  // The CLI exits 0 even for some failures, so the success line is the real signal.
  if (!/was successfully installed/.test(stdout)) {
    throw new Error(`installing ${vsixPath} failed:\n${stdout}\n${stderr}`);
  }
}

/** Installs the .vsix into a folder of its own (not the server's extensions) and returns the unpacked extension. */
async function unpackExtension(
  toolchain: Toolchain,
  env: NodeJS.ProcessEnv,
  args: string[],
  vsixPath: string,
  runDir: RunDir,
): Promise<string> {
  const dir = path.join(runDir.root, 'development-extension');
  const ownDir = args.map((arg, i) => (args[i - 1] === '--extensions-dir' ? dir : arg));
  await installExtension(toolchain, env, ownDir, vsixPath, runDir);
  const unpacked = readdirSync(dir, { withFileTypes: true }).find((entry) => entry.isDirectory());
  if (!unpacked) throw new Error(`installing ${vsixPath} into ${dir} left no extension folder`);
  return path.join(dir, unpacked.name);
}

/** The workbench URL's `payload` that loads `developmentPath` as the extension under development. */
function developmentPayload(port: number, developmentPath: string | undefined): string {
  if (!developmentPath) return '';
  const uri = `vscode-remote://127.0.0.1:${port}${developmentPath}`;
  return `&payload=${encodeURIComponent(JSON.stringify([['extensionDevelopmentPath', uri]]))}`;
}

async function waitForHealthy(url: string, exited: Promise<void>, timeoutMs: number): Promise<void> {
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error('the process exited during startup');
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`no 200 from ${url}/healthz within ${timeoutMs} ms`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the whole group is already gone
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM goes to the server alone: it stops its own children (extension host, file watcher, agent host, pty host)
 * within 1–3 s (measured). Signalling the whole group instead makes the server log the file watcher's death as an
 * "unexpected error". The group gets SIGKILL only if something outlives 10 s, the slack for a loaded 2-core CI box;
 * polling the group (not only the leader) also waits for the extension host, whose shutdown runs deactivate().
 */
async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) killGroup(child, 'SIGKILL');
  await Promise.race([exited, sleep(2_000)]);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
