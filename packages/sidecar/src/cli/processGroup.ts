import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Ends a child started with `detached: true` (a process group of its own on POSIX) and everything it started: SIGTERM
 * to the group, then SIGKILL to the group after `graceMs` if any member is left. On Windows, `taskkill /T /F` ends
 * the tree.
 *
 * Invariant: the group is signalled only while it can still be ours: right away, and once more after the grace if a
 * member is still alive (checked with signal 0 just before). A group id is reused only after every member is gone, so
 * a later SIGKILL never reaches someone else's processes.
 */
export function endProcessGroup(child: ChildProcess, graceMs: number): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    if (child.exitCode === null && child.signalCode === null) {
      spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' }).on(
        'error',
        () => {},
      );
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
