import { readBatchShim } from './batchShim';
import { type CommandHost, candidatesOf, findOnPath, nodeCommandHost, pathOf, spawnEnv } from './commandHost';

/** What to start for a command, with `shell: false`, on every platform. */
export interface SpawnTarget {
  /** The file that was found, as a person knows it (`C:\…\npm\claude.cmd`, `/usr/local/bin/claude`). */
  readonly found: string;
  /** The program to start: never a batch file (Node refuses those without a shell). */
  readonly file: string;
  /** Arguments that go before the caller's: the script a shim runs (`…\node_modules\@openai\codex\bin\codex.js`). */
  readonly args: readonly string[];
  /** Variables the shim would set, over the caller's environment (undefined: removed). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type CommandResolution =
  | { readonly ok: true; readonly target: SpawnTarget }
  /** `found`: the file that is there but cannot be started; absent when there is none. */
  | { readonly ok: false; readonly found?: string; readonly reason: string };

/**
 * Finds `command` (an absolute path, or a bare name looked up on PATH) and says how to start it without a shell. On
 * POSIX that is the file itself. On Windows, a name without an extension is tried with PATHEXT's (`claude` is
 * `claude.cmd`), and a batch file is read through to the program it runs (npm's `claude.cmd` runs `node.exe` on a
 * script, or an .exe): see `readBatchShim`. A relative path is refused: it would depend on the current folder.
 */
export async function resolveCommand(
  command: string,
  host: CommandHost = nodeCommandHost(),
): Promise<CommandResolution> {
  const p = pathOf(host.platform);
  let found: string | undefined;
  if (p.isAbsolute(command)) {
    for (const candidate of candidatesOf(command, host)) {
      if (await host.isExecutable(candidate)) {
        found = candidate;
        break;
      }
    }
    if (!found) return { ok: false, reason: `no program at \`${command}\`.` };
  } else if (command.includes('/') || command.includes('\\')) {
    return { ok: false, reason: `\`${command}\` is a relative path: give the full path.` };
  } else {
    found = await findOnPath(command, host);
    if (!found) return { ok: false, reason: `\`${command}\` is not on PATH.` };
  }
  const extension = p.extname(found).toLowerCase();
  if (host.platform !== 'win32' || (extension !== '.cmd' && extension !== '.bat')) {
    return { ok: true, target: { found, file: found, args: [], env: {} } };
  }
  const shim = await readBatchShim(found, host).catch((error: Error) => ({ reason: `\`${found}\`: ${error.message}` }));
  return 'reason' in shim ? { ok: false, found, reason: shim.reason } : { ok: true, target: { found, ...shim } };
}

/** The arguments and environment to start `target` with: its own first, then the caller's. */
export function spawnOf(
  target: SpawnTarget,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): { file: string; args: string[]; env: NodeJS.ProcessEnv } {
  return { file: target.file, args: [...target.args, ...args], env: spawnEnv(platform, env, target.env) };
}
