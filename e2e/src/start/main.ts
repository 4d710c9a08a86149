/**
 * `pnpm start`: the README's first command ends here, in a running Roundtable. It builds the .vsix (`pnpm package`,
 * cached by turbo, so a second run is quick), then installs it into VS Code with its `code` command, or, with no such
 * command on PATH, starts the browser demo (`pnpm demo`) and leaves it running until Ctrl+C. Every step is
 * idempotent: run it again at any time. `--demo` or `--vscode` picks one instead of the choice (chooseLaunch.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../repoPaths';
import { resolveToolchain } from '../toolchain';
import { locateBuiltExtension } from '../vsix';
import { chooseLaunch, isExecutableFile } from './chooseLaunch';

const windows = process.platform === 'win32';

/** Runs a command in the repository, its output in this terminal; exits with its status when it fails. */
function run(command: string, args: readonly string[]): void {
  // Windows: `pnpm` and `code` are .cmd files, which only a shell runs; quote the arguments for it.
  const result = windows
    ? spawnSync([command, ...args].map((a) => `"${a}"`).join(' '), { cwd: repoRoot, stdio: 'inherit', shell: true })
    : spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status === 0) return;
  console.error(
    `\n\`${[path.basename(command), ...args].join(' ')}\` failed${result.error ? `: ${result.error}` : ''}.`,
  );
  process.exit(result.status ?? 1);
}

const launch = chooseLaunch({
  args: process.argv.slice(2),
  pathEnv: process.env.PATH,
  pathExt: process.env.PATHEXT,
  platform: process.platform,
  arch: process.arch,
  isExecutable: isExecutableFile,
});
if (launch.kind === 'usage') {
  console.error(launch.reason);
  process.exit(2);
}

console.log('Building the .vsix (pnpm package)…');
// turbo's own lines only when something fails: the output that matters here is what to open.
run('pnpm', ['package', '--output-logs=errors-only']);
const extension = locateBuiltExtension();
const vsix = path.relative(repoRoot, extension.vsixPath);

if (launch.kind === 'none') {
  console.error(`\nBuilt ${vsix}, but cannot start it here. ${launch.reason}`);
  process.exit(1);
}

if (launch.kind === 'vscode') {
  run(launch.cli, ['--install-extension', extension.vsixPath, '--force']);
  console.log(
    [
      '',
      `Roundtable ${extension.version} is installed in VS Code (${launch.cli}).`,
      '',
      `  Open it:  ${path.basename(launch.cli)} <folder>   (a window already open: run "Developer: Reload Window")`,
      '            then click the Roundtable icon in the activity bar.',
      '  New to it: the "Get Started with Roundtable" walkthrough is on the Welcome page.',
      '',
    ].join('\n'),
  );
} else {
  const { codeServerBin, cacheDir } = resolveToolchain();
  console.log(
    [
      'No VS Code command (`code`) on PATH: starting the browser demo instead, VS Code (code-server) with Roundtable',
      'and a fake CLIProxyAPI whose replies echo what each model received.',
      ...(existsSync(codeServerBin)
        ? []
        : [`First, Node 24 and code-server go into ${cacheDir} (a few minutes, once).`]),
      'The URL to open is printed below when it is ready.',
      '',
    ].join('\n'),
  );
  // What `pnpm demo` runs, in this process: one layer fewer for Ctrl+C to cross, so the demo's own cleanup is all
  // that happens (a `pnpm demo` in between reports the interrupted run as a failure).
  run('bash', [path.join('scripts', 'e2e', 'install-toolchain.sh'), '--without-browser']);
  await import('../demo');
}
