import type { CliDialect, CliLoginState } from '@roundtable/core/cli/dialect';
import { nodeCommandHost, spawnEnv } from './commandHost';
import { resolveCommand, spawnOf } from './resolveCommand';
import { runCli } from './runCli';
import { isPresent, makeTurnFolders, placeOf, readUserFiles } from './turnFolders';

/** How long a CLI's status command may take: it only reads a file or the keychain. */
export const LOGIN_CHECK_TIMEOUT_MS = 5_000;

/**
 * Whether the CLI at `path` (where detection found it) is signed in, as its dialect's check tells: its own status
 * command, run exactly as a turn is (the same private home, settings and variables, so it judges the same login),
 * and the presence of its login files. Anything that goes wrong is `unknown`, which holds no seat: a reply will say.
 */
export async function checkCliLogin(
  dialect: CliDialect,
  path: string,
  options: { env?: NodeJS.ProcessEnv; root?: string; timeoutMs?: number } = {},
): Promise<CliLoginState> {
  const check = dialect.login;
  if (!check) return 'unknown';
  const env = options.env ?? process.env;
  const place = placeOf(env);
  try {
    const present = new Set<string>();
    for (const file of check.present?.(place) ?? []) if (await isPresent(file)) present.add(file);
    if (!check.command) return check.read({ place, present, userFiles: await readUserFiles(dialect, place) });
    const folders = await makeTurnFolders(dialect, {
      ...(options.root ? { root: options.root } : {}),
      env,
      model: '',
      system: '',
    });
    try {
      const { turn } = folders;
      // Started as a turn starts it (on Windows, npm's shim read through to the program it runs).
      const resolved = await resolveCommand(path, nodeCommandHost(env));
      if (!resolved.ok) return 'unknown';
      const start = spawnOf(resolved.target, check.command, spawnEnv(process.platform, env, dialect.env(turn)));
      const ran = await runCli(start, {
        cwd: turn.workDir,
        timeoutMs: options.timeoutMs ?? LOGIN_CHECK_TIMEOUT_MS,
      });
      const status = ran.failure ? undefined : { code: ran.code, stdout: ran.stdout, stderr: ran.stderr };
      return check.read({ place, present, userFiles: turn.userFiles, ...(status ? { status } : {}) });
    } finally {
      await folders.remove();
    }
  } catch {
    return 'unknown';
  }
}
