import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isRunning, processesOfType } from './processes';

describe('processesOfType', () => {
  it.runIf(process.platform === 'linux')(
    'finds a live process of a group by its --type, and not once it is killed',
    async () => {
      // A process group of its own, as code-server's: the script's argument stands in for VS Code's `--type=`.
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', '--type=probe'], {
        detached: true,
        stdio: 'ignore',
      });
      const pid = child.pid ?? 0;
      try {
        await expect.poll(() => processesOfType(pid, 'probe')).toEqual([pid]);
        expect(processesOfType(pid, 'extensionHost')).toEqual([]);
        expect(processesOfType(process.pid, 'probe')).toEqual([]);
        expect(isRunning(pid)).toBe(true);
      } finally {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      expect(isRunning(pid)).toBe(false);
      expect(processesOfType(pid, 'probe')).toEqual([]);
    },
  );
});
