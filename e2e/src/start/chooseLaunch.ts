import { findOnPath } from '@roundtable/sidecar/cli';

/**
 * What `pnpm start` does on this machine: install the .vsix into a desktop VS Code through its command-line tool
 * (on PATH, or where VS Code installs it on macOS and Windows), or, with none, start the browser demo (code-server
 * and the fake proxy), which runs on Linux (x64, arm64) and macOS: code-server has no Windows build.
 */
export type Launch =
  /** `onPath`: found on PATH (so its bare name runs in a terminal), not in an install folder. */
  | { readonly kind: 'vscode'; readonly cli: string; readonly onPath: boolean }
  /** `scripted`: `--scripted` was given, so the demo seats the fake proxy's scripted replies, not the local model. */
  | { readonly kind: 'demo'; readonly scripted?: true }
  /** Neither is possible here: the .vsix is still built, for the Extensions view's Install from VSIX. */
  | { readonly kind: 'none'; readonly reason: string }
  | { readonly kind: 'usage'; readonly reason: string };

/** Command-line tools that install a .vsix with `--install-extension`, the first found wins. */
export const EDITOR_CLIS = ['code', 'code-insiders', 'codium'] as const;

export interface LaunchContext {
  readonly args: readonly string[];
  readonly platform: NodeJS.Platform;
  readonly arch: string;
  /** PATH (and on Windows PATHEXT, LOCALAPPDATA, ProgramFiles). */
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
  /** Whether a file exists and may be run (`nodeCommandHost().isExecutable`; a stand-in in tests of other platforms). */
  readonly isExecutable: (file: string) => Promise<boolean>;
}

export const USAGE = 'usage: pnpm start [-- --demo | --vscode | --scripted]';

/** `--scripted`: the browser demo with the scripted replies; it means nothing for VS Code, so it picks the demo. */
const FLAGS = ['--demo', '--vscode', '--scripted'];

/** The app folders VS Code, Insiders and VSCodium install into, with the command-line tool inside each. */
const MAC_APPS = [
  ['Visual Studio Code.app', 'code'],
  ['Visual Studio Code - Insiders.app', 'code-insiders'],
  ['VSCodium.app', 'codium'],
] as const;
const WINDOWS_INSTALLS = [
  ['Microsoft VS Code', 'code.cmd'],
  ['Microsoft VS Code Insiders', 'code-insiders.cmd'],
  ['VSCodium', 'codium.cmd'],
] as const;

/**
 * Where an installed VS Code keeps its command-line tool when it is not on PATH: on macOS inside the app (the
 * default: "Install 'code' command in PATH" is a step most skip), in /Applications or ~/Applications; on Windows in
 * the user install (%LOCALAPPDATA%\Programs\…) or the system one (%ProgramFiles%\…).
 */
export function installedEditorClis(context: Pick<LaunchContext, 'platform' | 'env' | 'home'>): string[] {
  if (context.platform === 'darwin') {
    return MAC_APPS.flatMap(([app, cli]) =>
      ['/Applications', `${context.home}/Applications`].map((dir) => `${dir}/${app}/Contents/Resources/app/bin/${cli}`),
    );
  }
  if (context.platform !== 'win32') return [];
  const roots = [context.env.LOCALAPPDATA && `${context.env.LOCALAPPDATA}\\Programs`, context.env.ProgramFiles];
  return WINDOWS_INSTALLS.flatMap(([folder, cli]) =>
    roots.filter((root) => root).map((root) => `${root}\\${folder}\\bin\\${cli}`),
  );
}

export async function chooseLaunch(context: LaunchContext): Promise<Launch> {
  // pnpm passes a `--` on to the script (`pnpm start -- --scripted` arrives as `-- --scripted`).
  const args = context.args.filter((arg) => arg !== '--');
  const unknown = args.filter((arg) => !FLAGS.includes(arg));
  if (unknown.length > 0 || args.length > 1) {
    return { kind: 'usage', reason: `${unknown.length > 0 ? `unknown: ${unknown.join(' ')}; ` : ''}${USAGE}` };
  }
  const demoRuns =
    (context.platform === 'linux' || context.platform === 'darwin') && ['x64', 'arm64'].includes(context.arch);
  if (args[0] === '--demo' || args[0] === '--scripted') {
    if (!demoRuns) return { kind: 'none', reason: noDemoHere(context) };
    return args[0] === '--scripted' ? { kind: 'demo', scripted: true } : { kind: 'demo' };
  }
  for (const name of EDITOR_CLIS) {
    const cli = await findOnPath(name, context);
    if (cli) return { kind: 'vscode', cli, onPath: true };
  }
  for (const cli of installedEditorClis(context)) {
    if (await context.isExecutable(cli)) return { kind: 'vscode', cli, onPath: false };
  }
  if (args[0] === '--vscode' || !demoRuns) {
    const where = context.platform === 'win32' ? ' or where VS Code installs it' : '';
    return {
      kind: 'none',
      reason:
        `No ${EDITOR_CLIS.map((n) => `\`${n}\``).join(', ')} command on PATH${where}` +
        (demoRuns ? '.' : `, and ${noDemoHere(context)}`) +
        ` ${installHint(context.platform)} and run \`pnpm start\` again, or install the .vsix from the Extensions view` +
        ' (… > Install from VSIX…).',
    };
  }
  return { kind: 'demo' };
}

function installHint(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'Install VS Code (https://code.visualstudio.com/, the User Installer)';
  if (platform === 'darwin') return 'Install VS Code (https://code.visualstudio.com/) into /Applications';
  return "Put VS Code's `code` command on PATH";
}

function noDemoHere(context: Pick<LaunchContext, 'platform' | 'arch'>): string {
  const why = context.platform === 'win32' ? ': code-server has no Windows build' : '';
  return `the browser demo runs on Linux and macOS (x64, arm64) only${why} (this is ${context.platform} ${context.arch}).`;
}
