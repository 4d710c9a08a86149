import type { CliDialect } from '@roundtable/core/cli/dialect';
import { compareVersions } from '../versions';
import { nodeCommandHost } from './commandHost';
import { type CommandResolution, resolveCommand, spawnOf } from './resolveCommand';
import { runCli } from './runCli';

/** How long `<cli> --version` may take before the CLI counts as unusable. */
export const VERSION_TIMEOUT_MS = 10_000;

/**
 * What a seat on a CLI can count on: where it is and its version, or why it cannot be used: `reason` says it whole
 * (for the log and the diagnostics); `problem` is what fixes it: installing it (not found), updating it (too old), or
 * neither (it is there but does not run, or prints no version Roundtable understands).
 */
export type CliDetection =
  | { ok: true; path: string; version: string }
  | { ok: false; reason: string; problem: 'missing' | 'outdated' | 'broken' };

/** Finds a command and says how to start it without a shell (`resolveCommand` on this machine, by default). */
export type ResolveCommand = (command: string) => Promise<CommandResolution>;

/**
 * Finds a CLI (the provider's `command`, else the dialect's program on PATH), asks it for its version, and checks it
 * against the oldest one the dialect relies on. Never throws: every failure is a sentence that says what to do.
 * It is started as the launcher starts it (`resolveCommand`: on Windows, npm's `claude.cmd` is read through to the
 * program it runs), so a CLI found here is one a reply can start.
 */
export async function detectCli(
  dialect: CliDialect,
  command: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  resolve: ResolveCommand = (wanted) => resolveCommand(wanted, nodeCommandHost(env)),
): Promise<CliDetection> {
  const resolved = await resolve(command ?? dialect.program);
  if (!resolved.ok) {
    if (resolved.found) {
      return {
        ok: false,
        problem: 'broken',
        reason: `${dialect.productName} cannot be started: ${resolved.reason} Reinstall it, or point "command" on its entry in roundtable.providers at the program itself (an .exe).`,
      };
    }
    return {
      ok: false,
      problem: 'missing',
      reason: command
        ? `${dialect.productName} was not found at \`${command}\` (no executable file there).`
        : `${dialect.productName} is not installed: \`${dialect.program}\` is not on the PATH the editor sees. Install it, or set "command" on its entry in roundtable.providers.`,
    };
  }
  const path = resolved.target.found;
  let output: string;
  try {
    output = await run(spawnOf(resolved.target, ['--version'], env));
  } catch (error) {
    return {
      ok: false,
      problem: 'broken',
      reason: `\`${path} --version\` failed: ${(error as Error).message.split('\n')[0]}`,
    };
  }
  const version = dialect.parseVersion(output);
  if (!version)
    return {
      ok: false,
      problem: 'broken',
      reason: `\`${path} --version\` printed no version Roundtable understands: ${JSON.stringify(output.trim().slice(0, 120))}`,
    };
  if (compareVersions(version, dialect.minimumVersion) < 0) {
    return {
      ok: false,
      problem: 'outdated',
      reason: `${dialect.productName} ${version} is older than ${dialect.minimumVersion}, the oldest Roundtable can drive: update it.`,
    };
  }
  return { ok: true, path, version };
}

/** `<cli> --version`, through the same runner as the CLIs' other short commands (their login status). */
async function run(start: { file: string; args: string[]; env: NodeJS.ProcessEnv }): Promise<string> {
  const ran = await runCli(start, { timeoutMs: VERSION_TIMEOUT_MS });
  if (ran.failure || ran.code !== 0) throw new Error(ran.failure ?? `exit code ${ran.code}: ${ran.stderr.trim()}`);
  return `${ran.stdout}\n${ran.stderr}`;
}
