import { type ChildProcess, spawn } from 'node:child_process';

export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

/** A started child process, as the supervisor sees it. */
export interface SpawnedProcess {
  readonly pid: number | undefined;
  /** Settles once the process has exited and all its output was read (or it could not start: then `code` is null
   * and `error` says why). */
  readonly exited: Promise<ProcessExit & { error?: string }>;
  /** Each chunk of what it writes to stdout or stderr, decoded as UTF-8. */
  onOutput(listener: (text: string) => void): void;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export type ProcessSpawner = (
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
) => SpawnedProcess;

/** Node's child_process: no shell, no console window on Windows, no stdin. */
export const nodeSpawner: ProcessSpawner = (command, args, options) => {
  const child = spawn(command, [...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
    shell: false,
  });
  const exited = new Promise<ProcessExit & { error?: string }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error: error.message }));
    // 'close', not 'exit': 'exit' can come before the last output is read, and the last line says why it exited.
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  return {
    pid: child.pid,
    exited,
    onOutput: outputOf(child),
    kill: (signal) => {
      if (isRunning(child)) child.kill(signal);
    },
  };
};

/** Each chunk a child writes to stdout or stderr, decoded as UTF-8, for every listener added. */
export function outputOf(child: ChildProcess): (listener: (text: string) => void) => void {
  const listeners: ((text: string) => void)[] = [];
  const forward = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    for (const listener of listeners) listener(text);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return (listener) => listeners.push(listener);
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

const KEPT =
  /^(PATH|HOME|USERPROFILE|APPDATA|LOCALAPPDATA|SYSTEMROOT|SYSTEMDRIVE|WINDIR|TEMP|TMP|TMPDIR|LANG|LC_ALL|TZ|HTTPS?_PROXY|NO_PROXY|SSL_CERT_FILE|SSL_CERT_DIR)$/i;

/**
 * The environment the proxy runs with: only what a Go program needs to find its home, temp folder and the user's
 * outgoing proxy, so nothing else of the editor's environment (tokens, store settings the proxy would act on, such
 * as `PGSTORE_DSN` or `MANAGEMENT_PASSWORD`) reaches it.
 */
export function scrubbedEnv(source: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && KEPT.test(name)) env[name] = value;
  }
  return env;
}
