import { link, lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { CliDialect, CliPlace, CliTurn } from '@roundtable/core/cli/dialect';

/** The largest settings file a dialect may read (a settings file is a few kilobytes). */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** One turn's folders, made and filled: the working folder and the CLI's private home, removed together. */
export interface TurnFolders {
  turn: CliTurn;
  remove(): Promise<void>;
}

/** Where the user's things are for a process that inherits `env` (the CLIs find their home as Node does). */
export function placeOf(env: NodeJS.ProcessEnv): CliPlace {
  const home = (process.platform === 'win32' ? env.USERPROFILE : env.HOME) || homedir();
  return { userHome: home, userEnv: env, join, platform: process.platform };
}

/**
 * Makes one turn's folders in `root` (made if missing, mode 0700; default the system's temp folder, which a product
 * should not use: a CLI may read files of the folders above its own): the working folder and, beside it, the CLI's
 * private home (both by mkdtemp: mode 0700). Reads the user's settings files the dialect names, then writes the
 * system prompt, the dialect's files (0600) and home files, and links the user's files it asks for. On any failure
 * both folders are removed and the error, a sentence naming the file, is thrown.
 */
export async function makeTurnFolders(
  dialect: CliDialect,
  options: { root?: string; env: NodeJS.ProcessEnv; model: string; system: string },
): Promise<TurnFolders> {
  const root = options.root ?? tmpdir();
  if (options.root) await mkdir(root, { recursive: true, mode: 0o700 });
  const workDir = await mkdtemp(join(root, 'roundtable-cli-'));
  const made = [workDir];
  const remove = async () => {
    await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {})));
  };
  try {
    const home = await mkdtemp(join(root, 'roundtable-cli-home-'));
    made.push(home);
    const place = placeOf(options.env);
    const turn: CliTurn = {
      ...place,
      model: options.model,
      systemPromptFile: join(workDir, 'system-prompt.md'),
      workDir,
      fileIn: (name: string) => join(workDir, name),
      home,
      userFiles: await readUserFiles(dialect, place),
    };
    await writeFile(turn.systemPromptFile, options.system, { mode: 0o600, flag: 'wx' });
    for (const [name, content] of Object.entries(dialect.files?.(turn) ?? {})) {
      if (basename(name) !== name)
        throw new Error(`${dialect.productName}: a turn file must be a plain name, not ${name}`);
      await writeFile(turn.fileIn(name), content, { mode: 0o600, flag: 'wx' });
    }
    for (const [path, content] of Object.entries(dialect.homeFiles?.(turn) ?? {})) {
      const at = inHome(dialect, home, path);
      await mkdir(dirname(at), { recursive: true, mode: 0o700 });
      await writeFile(at, content, { mode: 0o600, flag: 'wx' });
    }
    for (const [path, target] of Object.entries(dialect.homeLinks?.(turn) ?? {})) {
      await linkIfPresent(dialect, inHome(dialect, home, path), target);
    }
    return { turn, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The text of each settings file the dialect reads (undefined when it does not exist). */
export async function readUserFiles(dialect: CliDialect, place: CliPlace): Promise<Record<string, string | undefined>> {
  const files: Record<string, string | undefined> = {};
  for (const path of dialect.reads?.(place) ?? []) {
    try {
      const bytes = await readFile(path);
      if (bytes.length > MAX_SETTINGS_BYTES) {
        throw new Error(`${dialect.productName}'s settings file ${path} is larger than 1 MB; it is not read.`);
      }
      files[path] = bytes.toString('utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') files[path] = undefined;
      else if (code) throw new Error(`${dialect.productName}'s settings file ${path} cannot be read (${code}).`);
      else throw error;
    }
  }
  return files;
}

/** Whether a file exists, from its directory entry only (it is never opened). */
export async function isPresent(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

function inHome(dialect: CliDialect, home: string, path: string): string {
  const at = resolve(home, ...path.split('/'));
  if (!at.startsWith(home + sep))
    throw new Error(`${dialect.productName}: a home file must stay in its home, not ${path}`);
  return at;
}

/**
 * Links the user's file into the private home, if it exists, without opening it: a symbolic link, else (Windows
 * without the right to make one) a hard link, which needs no right on the same drive. Either way the CLI reads the
 * user's file and writes a refreshed login back into it.
 */
async function linkIfPresent(dialect: CliDialect, at: string, target: string): Promise<void> {
  if (!(await isPresent(target))) return;
  await mkdir(dirname(at), { recursive: true, mode: 0o700 });
  try {
    await symlink(target, at, 'file');
  } catch (first) {
    try {
      await link(target, at);
    } catch (second) {
      const codes = [first, second].map((e) => (e as NodeJS.ErrnoException).code ?? String(e)).join(', ');
      throw new Error(
        `${dialect.productName} needs ${target} in Roundtable's private folder for it, and it could not be linked there (${codes}). On Windows, turn on Developer Mode, or keep VS Code's data on the same drive as your home folder.`,
      );
    }
  }
}
