import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { isRunning, outputOf, type ProcessExit, type ProcessSpawner } from '../processPort';
import type { WatchdogOptions } from './proxyWatchdog';

export interface WatchedSpawnerOptions {
  /** A Node to run the watchdog with: the extension host's own (`process.execPath`, as Node through the env). */
  nodePath: string;
  /** The built watchdog program (`dist/proxyWatchdog.js` of the extension). */
  script: string;
  /** The lease the proxy's window holds, for the watchdog to watch. */
  lease?: { path: string; owner: string };
  pollMs?: number;
  graceMs?: number;
}

/**
 * Starts each process under the proxy's watchdog (`proxyWatchdog.ts`), so it ends when this window's extension host
 * does, even by SIGKILL. What the caller gets behaves as the process itself: its pid (known once it started), its
 * output, its exit, and `kill`, which asks the watchdog to pass the signal on (a line on its stdin, the same on every
 * system). Should the watchdog be gone, `kill` ends the proxy by its pid.
 */
export function watchedSpawner(options: WatchedSpawnerOptions): ProcessSpawner {
  return (command, args, spawnOptions) => {
    const request: WatchdogOptions = {
      args: [...args],
      cwd: spawnOptions.cwd,
      ...(options.lease ? { lease: options.lease } : {}),
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      ...(options.graceMs !== undefined ? { graceMs: options.graceMs } : {}),
    };
    const watchdog = spawn(options.nodePath, [options.script, command, JSON.stringify(request)], {
      cwd: spawnOptions.cwd,
      env: { ...spawnOptions.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      windowsHide: true,
      shell: false,
    });
    const stdin = watchdog.stdin as Writable;
    // The host's end of stdin stays open for the watchdog's life: its closing is what says the host is gone.
    stdin.on('error', () => {});
    let pid: number | undefined;
    let reported: (ProcessExit & { error?: string }) | undefined;
    readLines(watchdog.stdio[3] as Readable, (line) => {
      const message = parseReport(line);
      if (message?.pid !== undefined) pid = message.pid;
      if (message?.exit) reported = message.exit;
    });
    const exited = new Promise<ProcessExit & { error?: string }>((resolve) => {
      watchdog.once('error', (error) => resolve({ code: null, signal: null, error: error.message }));
      watchdog.once('close', (code, signal) => resolve(reported ?? { code, signal }));
    });
    return {
      get pid() {
        return pid;
      },
      exited,
      onOutput: outputOf(watchdog),
      kill: (signal) => {
        if (isRunning(watchdog) && stdin.writable) stdin.write(`${signal}\n`);
        else if (pid !== undefined && reported === undefined) killQuietly(pid, signal);
      },
    };
  };
}

function readLines(stream: Readable, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      onLine(pending.slice(0, end));
      pending = pending.slice(end + 1);
    }
  });
  stream.on('error', () => {});
}

interface Report {
  pid?: number;
  exit?: ProcessExit & { error?: string };
}

function parseReport(line: string): Report | undefined {
  try {
    const value = JSON.parse(line) as Report;
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
