import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * What finding and starting a program needs to know of the machine. Injected, so that Windows' rules (`path.win32`,
 * PATHEXT, batch files) run in tests on Linux, and the other way round.
 */
export interface CommandHost {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  /** A regular file this process may run (on Windows, where there is no execute bit: a regular file). */
  isExecutable(file: string): Promise<boolean>;
  /** The start of a text file (a batch file: only small ones are read through). */
  readText(file: string): Promise<string>;
}

/** The extensions Windows runs a file by, in no order: what PATHEXT may add is filtered to these. */
const RUNNABLE = ['.com', '.exe', '.bat', '.cmd'];
/** The extensions CreateProcess starts itself; a batch file needs cmd.exe, which Roundtable never hands arguments. */
export const PROGRAM_EXTENSIONS = ['.com', '.exe'];
/** How much of a batch file is read: a shim is a few hundred bytes; anything much larger is not one. */
const TEXT_LIMIT = 64 * 1024;

/** This machine, with `env` as the environment PATH and PATHEXT are read from. */
export function nodeCommandHost(env: NodeJS.ProcessEnv = process.env): CommandHost {
  const platform = process.platform;
  return {
    platform,
    env,
    async isExecutable(file) {
      try {
        if (!(await stat(file)).isFile()) return false;
        if (platform !== 'win32') await access(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    async readText(file) {
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(TEXT_LIMIT);
        const { bytesRead } = await handle.read(buffer, 0, TEXT_LIMIT, 0);
        return buffer.subarray(0, bytesRead).toString('utf8');
      } finally {
        await handle.close();
      }
    },
  };
}

export function pathOf(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** A variable of `env`; on Windows, where names have no case (`Path` is `PATH`), whatever case it is stored in. */
export function envValue(env: NodeJS.ProcessEnv, name: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32' || name in env) return env[name];
  const upper = name.toUpperCase();
  const key = Object.keys(env).find((k) => k.toUpperCase() === upper);
  return key === undefined ? undefined : env[key];
}

/**
 * `base` with each overlay's variables put over it (undefined: removed). On Windows a variable set in another case
 * replaces the one there instead of standing beside it (a child given both `Path` and `PATH` sees one at random).
 */
export function spawnEnv(
  platform: NodeJS.Platform,
  base: NodeJS.ProcessEnv,
  ...overlays: Readonly<Record<string, string | undefined>>[]
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const overlay of overlays) {
    for (const [name, value] of Object.entries(overlay)) {
      if (platform === 'win32') {
        for (const key of Object.keys(env)) if (key.toUpperCase() === name.toUpperCase()) delete env[key];
      }
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
  }
  return env;
}

/**
 * The files `file` may stand for: itself on POSIX; on Windows, itself when it has an extension Windows runs by, else
 * itself with each PATHEXT extension that is one (in PATHEXT's order), as cmd.exe tries them. `only` narrows the
 * extensions (to the programs CreateProcess starts, for what a batch file runs).
 */
export function candidatesOf(
  file: string,
  host: Pick<CommandHost, 'platform' | 'env'>,
  only: readonly string[] = RUNNABLE,
): string[] {
  if (host.platform !== 'win32') return [file];
  const extension = path.win32.extname(file).toLowerCase();
  if (only.includes(extension)) return [file];
  const pathExt = envValue(host.env, 'PATHEXT', 'win32') || '.COM;.EXE;.BAT;.CMD';
  const extensions = pathExt
    .split(';')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => only.includes(e));
  return [...new Set(extensions)].map((e) => file + e);
}

/**
 * The full path of the program `name` in PATH order, as a shell would find it; undefined when it is nowhere. Entries
 * that are empty or relative are skipped: they mean the current folder (cmd.exe and `which` on Windows search it
 * first, unasked), and a launcher must not run whatever lies there.
 */
export async function findOnPath(
  name: string,
  host: Pick<CommandHost, 'platform' | 'env' | 'isExecutable'>,
  only?: readonly string[],
): Promise<string | undefined> {
  const p = pathOf(host.platform);
  for (const raw of (envValue(host.env, 'PATH', host.platform) ?? '').split(p.delimiter)) {
    // cmd.exe and CreateProcess allow quotes around an entry.
    const dir = host.platform === 'win32' ? raw.trim().replace(/^"(.*)"$/, '$1') : raw;
    if (dir === '' || !p.isAbsolute(dir)) continue;
    for (const candidate of candidatesOf(p.join(dir, name), host, only)) {
      if (await host.isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}
