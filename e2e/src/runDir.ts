import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { artifactsRoot } from './repoPaths';

/** One isolated folder per run: nothing code-server or Chromium writes may land in $HOME or /tmp. */
export interface RunDir {
  readonly root: string;
  readonly userData: string;
  readonly extensions: string;
  readonly workspace: string;
  readonly config: string;
  readonly xdg: string;
  /**
   * TMPDIR for code-server and Chromium. It lives in the system temp folder, not in `root`: Chromium puts its
   * SingletonSocket there, and a Unix socket path over 107 bytes is fatal ("Socket path too long"), which a run folder
   * inside a deeply nested clone easily exceeds. removeTmp() deletes it. On macOS it is under /tmp (see
   * `socketSafeTmpBase`).
   */
  readonly tmp: string;
  readonly browserProfile: string;
  readonly screenshots: string;
  removeTmp(): void;
}

/** How many earlier runs of the same kind to keep; each holds logs and an installed extension (a few MB). */
const KEEP_RUNS = 5;

/**
 * Where the run's TMPDIR is made. macOS allows a Unix socket path of 104 bytes, and its per-user temp folder
 * (`/var/folders/xx/<28 characters>/T/`, what os.tmpdir() says there) leaves too little of that for VS Code's IPC
 * sockets (`vscode-ipc-<uuid>.sock`, which the server makes in TMPDIR on macOS) once the run's folder is added: /tmp
 * is short, and the run's folder in it is the user's own (mkdtemp: mode 0700).
 */
export function socketSafeTmpBase(platform: NodeJS.Platform = process.platform, tmp: string = os.tmpdir()): string {
  return platform === 'darwin' ? '/tmp' : tmp;
}

export function createRunDir(kind: 'run' | 'demo', root: string = artifactsRoot, now: Date = new Date()): RunDir {
  pruneOldRuns(root, kind);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const dir = path.join(root, `${kind}-${stamp}-${process.pid}`);
  const tmp = mkdtempSync(path.join(socketSafeTmpBase(), 'rt-e2e-'));
  const folders = {
    root: dir,
    userData: path.join(dir, 'user-data'),
    extensions: path.join(dir, 'extensions'),
    workspace: path.join(dir, 'workspace'),
    config: path.join(dir, 'config'),
    xdg: path.join(dir, 'xdg'),
    browserProfile: path.join(dir, 'browser-profile'),
    screenshots: path.join(dir, 'screenshots'),
  };
  for (const sub of Object.values(folders)) mkdirSync(sub, { recursive: true });
  mkdirSync(path.join(folders.userData, 'User'), { recursive: true });
  return { ...folders, tmp, removeTmp: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** Names sort by time because the ISO stamp follows the fixed prefix. */
function pruneOldRuns(root: string, kind: string): void {
  let names: string[];
  try {
    names = readdirSync(root).filter((name) => name.startsWith(`${kind}-`));
  } catch {
    return; // no artifacts folder yet
  }
  names.sort();
  for (const name of names.slice(0, Math.max(0, names.length - (KEEP_RUNS - 1)))) {
    rmSync(path.join(root, name), { recursive: true, force: true });
  }
}
