import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { endProcessGroup, type TreeKiller, taskkillPath } from './processGroup';

// Ending a CLI and what it started: the process group on POSIX (real processes here), the tree with Windows' own
// taskkill there (what would run, recorded).

function windows(env: NodeJS.ProcessEnv): TreeKiller & { runs: string[][] } {
  const runs: string[][] = [];
  return { platform: 'win32', env, runs, run: (file, args) => runs.push([file, ...args]) };
}

describe('endProcessGroup on Windows', () => {
  it('runs taskkill /T /F from the system folder on the child’s tree, at once', () => {
    const machine = windows({ SystemRoot: 'D:\\WINDOWS', PATH: 'C:\\evil' });
    endProcessGroup({ pid: 4321, exitCode: null, signalCode: null }, 2_000, machine);
    expect(machine.runs).toEqual([['D:\\WINDOWS\\System32\\taskkill.exe', '/pid', '4321', '/T', '/F']]);
  });

  it('a child that has exited, or never started, is left alone: its pid may be someone else’s now', () => {
    const machine = windows({});
    endProcessGroup({ pid: 4321, exitCode: 0, signalCode: null }, 0, machine);
    endProcessGroup({ pid: undefined, exitCode: null, signalCode: null }, 0, machine);
    expect(machine.runs).toEqual([]);
  });

  it('finds the system folder whatever the case of its variable, and without one, in its usual place', () => {
    expect(taskkillPath({ SYSTEMROOT: 'C:\\Win' })).toBe('C:\\Win\\System32\\taskkill.exe');
    expect(taskkillPath({})).toBe('C:\\Windows\\System32\\taskkill.exe');
  });
});

describe.skipIf(process.platform === 'win32')('endProcessGroup on POSIX', () => {
  it('SIGTERM to the group, then SIGKILL after the grace to a member that ignores it', async () => {
    // A shell that ignores SIGTERM, with a child of its own that does too.
    const child = spawn('sh', ['-c', "trap '' TERM; sleep 300 & echo ready; wait"], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await once(child.stdout, 'data');
    const exited = once(child, 'exit');
    const started = Date.now();
    endProcessGroup(child, 300);
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
