import { type ChildProcess, spawn } from 'node:child_process';
import type { CliExit, CliLaunch, CliLauncher, CliProcess } from '@roundtable/core/cli/cliProcess';
import { nodeCommandHost, spawnEnv } from './commandHost';
import type { ResolveCommand } from './detectCli';
import { endProcessGroup, signalGroup } from './processGroup';
import { resolveCommand, spawnOf } from './resolveCommand';
import { makeTurnFolders } from './turnFolders';

/** How much of stderr is kept: the end, where a CLI says why it stopped. */
const STDERR_KEPT = 16 * 1024;
/** How long a CLI has to leave after SIGTERM before its group is killed. */
const DEFAULT_GRACE_MS = 2_000;

export interface NodeCliLauncherOptions {
  /** The environment every CLI inherits (the extension host's); the dialect's variables go on top. */
  env?: NodeJS.ProcessEnv;
  /**
   * Where the private working folders are made (made itself, mode 0700, if missing). Default: the system's temp folder,
   * which a product should not use: a CLI may read files from the folders above its working folder.
   */
  tmpRoot?: string;
  graceMs?: number;
  /** How a command is found and started without a shell: `resolveCommand` on this machine, by default. */
  resolve?: ResolveCommand;
}

/**
 * Starts CLI turns on this machine (see `CliLauncher`): a fresh folder per turn and a private home beside it (mkdtemp:
 * mode 0700), the system prompt in a file there (0600), the process in a group of its own with the folder as its
 * working folder, the transcript written to stdin. `dispose` ends every process still running (the window is closing).
 *
 * On Windows the modes are not enforced (only the read-only bit exists): the folder's privacy there comes from where
 * it is, the extension's storage in the user's profile, which only the user and the system may read. A process group
 * does not exist there either: the process is started attached (a detached one would open a console window) and its
 * tree is ended with `taskkill /T /F` (see `processGroup.ts`).
 */
export class NodeCliLauncher implements CliLauncher {
  private readonly live = new Set<ChildProcess>();
  private disposed = false;

  constructor(private readonly options: NodeCliLauncherOptions = {}) {}

  async launch(launch: CliLaunch): Promise<CliProcess> {
    if (this.disposed) throw new Error('Roundtable is shutting down; no CLI is started.');
    const { dialect } = launch;
    const base = this.options.env ?? process.env;
    // Resolved as detection resolved it: on Windows, npm's `claude.cmd` is the program it runs (no cmd.exe, which
    // Node refuses to start a batch file without, and which would parse every argument).
    const resolved = await (this.options.resolve ?? ((c) => resolveCommand(c, nodeCommandHost(base))))(launch.command);
    if (!resolved.ok) {
      throw new Error(
        resolved.found
          ? `${dialect.productName} cannot be started: ${resolved.reason}`
          : notFound(dialect.productName, launch.command),
      );
    }
    // The working folder and the CLI's private home, filled (turnFolders.ts); removed once the process has exited.
    const { turn, remove: removeFolder } = await makeTurnFolders(dialect, {
      ...(this.options.tmpRoot ? { root: this.options.tmpRoot } : {}),
      env: base,
      model: launch.model,
      system: launch.system,
    });
    let start: { file: string; args: string[]; env: NodeJS.ProcessEnv };
    try {
      start = spawnOf(resolved.target, dialect.args(turn), spawnEnv(process.platform, base, dialect.env(turn)));
    } catch (error) {
      await removeFolder();
      throw error;
    }
    const child = spawn(start.file, start.args, {
      cwd: turn.workDir,
      env: start.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    const started = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined));
      child.once('error', (error) => resolve(error));
    });
    if (started) {
      await removeFolder();
      throw new Error(cannotStart(dialect.productName, launch.command, started));
    }
    this.live.add(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    // A CLI that exits before reading all of stdin closes the pipe: that is its exit to report, not an error here.
    child.stdin?.on('error', () => {});
    child.stdin?.end(launch.stdin);
    // On exit, not on close: 'close' waits for stdout to be read to its end, and a reader that stopped early (Stop,
    // an unreadable line) never reads it. Stderr is always read, so its last words are waited for, briefly (a
    // grandchild that left the group may hold it open).
    const stderrDone = new Promise<void>((resolve) => child.stderr?.once('close', resolve));
    const exited = new Promise<CliExit>((resolve) => {
      child.once('exit', (code, signal) => {
        this.live.delete(child);
        void Promise.race([stderrDone, new Promise((r) => setTimeout(r, 500).unref())])
          .then(removeFolder)
          .then(() => resolve({ code, signal }));
      });
    });
    const graceMs = this.options.graceMs ?? DEFAULT_GRACE_MS;
    return {
      pid: child.pid,
      stdout: child.stdout as AsyncIterable<Uint8Array>,
      stderr: () => stderr,
      exited,
      kill: () => endProcessGroup(child, graceMs),
    };
  }

  /**
   * Ends every CLI process still running, at once (no grace: the window is going, and a turn has nothing to save),
   * and refuses new ones.
   */
  dispose(): void {
    this.disposed = true;
    for (const child of this.live) {
      if (process.platform === 'win32' || child.pid === undefined) endProcessGroup(child, 0);
      else signalGroup(child.pid, 'SIGKILL');
    }
  }
}

function cannotStart(product: string, command: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return notFound(product, command);
  if (error.code === 'EACCES') return `${product} at \`${command}\` cannot be run (not executable).`;
  return `${product} at \`${command}\` could not be started: ${error.message}`;
}

function notFound(product: string, command: string): string {
  return `${product} was not found: \`${command}\` is not an installed program on the extension host's PATH. Install it, or set "command" on its entry in roundtable.providers.`;
}
