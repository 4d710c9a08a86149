import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import type { CliDialect } from '@roundtable/core/cli';
import { compareVersions } from '../versions';
import { runCli } from './runCli';

/** How long `<cli> --version` may take before the CLI counts as unusable. */
export const VERSION_TIMEOUT_MS = 10_000;

/** What a seat on a CLI can count on: where it is and its version, or why it cannot be used. */
export type CliDetection = { ok: true; path: string; version: string } | { ok: false; reason: string };

/**
 * Finds a CLI (the provider's `command`, else the dialect's program on PATH), asks it for its version, and checks it
 * against the oldest one the dialect relies on. Never throws: every failure is a sentence that says what to do.
 */
export async function detectCli(
  dialect: CliDialect,
  command: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliDetection> {
  const wanted = command ?? dialect.program;
  const path = await resolveProgram(wanted, env);
  if (!path) {
    return {
      ok: false,
      reason: command
        ? `${dialect.productName} was not found at \`${command}\` (no executable file there).`
        : `${dialect.productName} is not installed: \`${dialect.program}\` is not on the PATH the editor sees. Install it, or set "command" on its entry in roundtable.providers.`,
    };
  }
  let output: string;
  try {
    output = await run(path, env);
  } catch (error) {
    return { ok: false, reason: `\`${path} --version\` failed: ${(error as Error).message.split('\n')[0]}` };
  }
  const version = dialect.parseVersion(output);
  if (!version)
    return {
      ok: false,
      reason: `\`${path} --version\` printed no version Roundtable understands: ${JSON.stringify(output.trim().slice(0, 120))}`,
    };
  if (compareVersions(version, dialect.minimumVersion) < 0) {
    return {
      ok: false,
      reason: `${dialect.productName} ${version} is older than ${dialect.minimumVersion}, the oldest Roundtable can drive: update it.`,
    };
  }
  return { ok: true, path, version };
}

/** An absolute path as is (if it is an executable file), a bare name looked up on PATH, else undefined. */
async function resolveProgram(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (isAbsolute(name)) return (await isExecutableFile(name)) ? name : undefined;
  if (name.includes('/') || name.includes('\\')) return undefined; // a relative path would depend on the folder
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const candidate = join(dir, name + ext);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** `<path> --version`, through the same runner as the CLIs' other short commands (their login status). */
async function run(path: string, env: NodeJS.ProcessEnv): Promise<string> {
  const ran = await runCli(path, ['--version'], { env, timeoutMs: VERSION_TIMEOUT_MS });
  if (ran.failure || ran.code !== 0) throw new Error(ran.failure ?? `exit code ${ran.code}: ${ran.stderr.trim()}`);
  return `${ran.stdout}\n${ran.stderr}`;
}
