import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';

/** How one short command of a CLI ended (its version, its login status): never a rejection. */
export interface CliRun {
  /** The exit code; null when it was killed (the timeout) or could not start. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Why it did not run to its end: it could not start, or outlived the timeout. */
  failure?: string;
}

/**
 * Runs a CLI as `resolveCommand` and `spawnOf` say to start it (no shell: on Windows an npm shim is the program it
 * runs), with a timeout and a bounded output; resolves however it ends.
 */
export function runCli(
  start: { file: string; args: readonly string[]; env: NodeJS.ProcessEnv },
  options: { timeoutMs: number; cwd?: string },
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      start.file,
      [...start.args],
      {
        env: start.env,
        cwd: options.cwd ?? tmpdir(),
        timeout: options.timeoutMs,
        maxBuffer: 64 * 1024,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        const failed = error as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        const code = failed ? (typeof failed.code === 'number' ? failed.code : null) : 0;
        const failure =
          failed && (failed.killed || typeof failed.code !== 'number') ? failed.message.split('\n')[0] : undefined;
        resolve({ code, stdout: String(stdout), stderr: String(stderr), ...(failure ? { failure } : {}) });
      },
    );
  });
}
