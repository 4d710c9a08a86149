import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { envValue } from './commandHost';

/** What ending a tree on Windows needs, injected so that branch runs in tests elsewhere. */
export interface TreeKiller {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly run: (file: string, args: string[]) => void;
}

const thisMachine: TreeKiller = {
  platform: process.platform,
  env: process.env,
  run: (file, args) => {
    spawn(file, args, { windowsHide: true, stdio: 'ignore' }).on('error', () => {});
  },
};

/** Windows' own taskkill, from the system folder: never one that comes first on PATH or lies in the current folder. */
export function taskkillPath(env: NodeJS.ProcessEnv): string {
  return path.win32.join(envValue(env, 'SystemRoot', 'win32') ?? 'C:\\Windows', 'System32', 'taskkill.exe');
}

/**
 * Ends a child started with `detached: true` (a process group of its own on POSIX) and everything it started: SIGTERM
 * to the group, then SIGKILL to the group after `graceMs` if any member is left. On Windows, `taskkill /T /F` ends
 * the tree: Windows has no process groups and no SIGTERM a console program can catch, so there is no grace there; `/T`
 * reaches every process the child started that is still running, by parent id.
 *
 * Invariant: the group is signalled only while it can still be ours: right away, and once more after the grace if a
 * member is still alive (checked with signal 0 just before). A group id is reused only after every member is gone, so
 * a later SIGKILL never reaches someone else's processes.
 */
export function endProcessGroup(
  child: Pick<ChildProcess, 'pid' | 'exitCode' | 'signalCode'>,
  graceMs: number,
  machine: TreeKiller = thisMachine,
): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (machine.platform === 'win32') {
    if (child.exitCode === null && child.signalCode === null) {
      machine.run(taskkillPath(machine.env), ['/pid', String(pid), '/T', '/F']);
    }
    return;
  }
  if (!signalGroup(pid, 'SIGTERM')) return;
  const timer = setTimeout(() => {
    if (signalGroup(pid, 0)) signalGroup(pid, 'SIGKILL');
  }, graceMs);
  timer.unref();
}

/** True when the group had a member to signal. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone
  }
}
