import { hostname } from 'node:os';

/**
 * Whether process `pid` exists on this machine. Signal 0 sends nothing and only checks (on Windows too, where Node
 * opens the process to tell); EPERM means it exists but belongs to another user. A pid is reused in time, so a
 * caller pairs this with something the process renews (a heartbeat, a lock's age).
 */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException | undefined)?.code === 'EPERM';
  }
}

/** Whether process `pid` of machine `host` lives: known only on this machine (undefined elsewhere). */
export function processOnHostIsAlive(pid: number, host: string): boolean | undefined {
  return host === hostname() ? processIsAlive(pid) : undefined;
}
