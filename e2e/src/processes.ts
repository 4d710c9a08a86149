import { readdirSync, readFileSync } from 'node:fs';

/**
 * The live processes of process group `group` that VS Code started as `--type=<type>` (`extensionHost`,
 * `fileWatcher`, …), read from /proc (the e2e suite runs on Linux). A process that ends while it is read is left out.
 */
export function processesOfType(group: number, type: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // `pid (comm) state ppid pgrp …`: comm may hold spaces and parentheses, so the fields after its last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group || fields[0] === 'Z') continue;
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (args.includes(`--type=${type}`)) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Whether process `pid` still runs (a zombie counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}
