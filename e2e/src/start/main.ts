/**
 * `pnpm start`: the README's first command ends here, in a running Roundtable. It builds the .vsix (`pnpm package`,
 * cached by turbo, so a second run is quick), then installs it into VS Code with its `code` command (on PATH, or in
 * VS Code's install folder on macOS and Windows), or, with none, starts the browser demo (`pnpm demo`) and leaves it
 * running until Ctrl+C. Every step is idempotent: run it again at any time. `--demo` or `--vscode` picks one instead of
 * the choice (chooseLaunch.ts); `--scripted` picks the demo with scripted replies instead of the local model (demoTable.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeCommandHost, resolveCommand, type SpawnTarget, spawnOf } from '@roundtable/sidecar/cli';
import { demoTableHere } from '../demoModel';
import { runDemo } from '../demoRun';
import { repoRoot } from '../repoPaths';
import { resolveToolchain } from '../toolchain';
import { locateBuiltExtension } from '../vsix';
import { chooseLaunch } from './chooseLaunch';

const host = nodeCommandHost();

/**
 * How to start `command` with no shell: on Windows `code` and `pnpm` are often batch files (`code.cmd`), which Node
 * starts only through cmd.exe, which would parse the arguments (a repository path with `&` or `%` in it); the
 * resolver reads them through to the program they run. Exits with a sentence when it cannot.
 */
async function startable(command: string): Promise<SpawnTarget> {
  const resolved = await resolveCommand(command, host);
  if (resolved.ok) return resolved.target;
  console.error(`Cannot start ${command}: ${resolved.reason}`);
  process.exit(1);
}

/** The pnpm this runs under (npm_execpath: its script, run with this Node, or its binary), else `pnpm` on PATH. */
async function pnpm(): Promise<SpawnTarget> {
  const own = process.env.npm_execpath;
  if (own && /\.[cm]?js$/.test(own)) return { found: own, file: process.execPath, args: [own], env: {} };
  const resolved = own ? await resolveCommand(own, host) : undefined;
  return resolved?.ok ? resolved.target : startable('pnpm');
}

/** Runs a program in the repository, its output in this terminal; exits with its status when it fails. */
function run(target: SpawnTarget, args: readonly string[]): void {
  const start = spawnOf(target, args, process.env);
  const result = spawnSync(start.file, start.args, { cwd: repoRoot, stdio: 'inherit', env: start.env });
  if (result.status === 0) return;
  console.error(
    `\n\`${[path.basename(target.found), ...args].join(' ')}\` failed${result.error ? `: ${result.error}` : ''}.`,
  );
  process.exit(result.status ?? 1);
}

const launch = await chooseLaunch({
  args: process.argv.slice(2),
  platform: process.platform,
  arch: process.arch,
  env: process.env,
  home: os.homedir(),
  isExecutable: host.isExecutable,
});
if (launch.kind === 'usage') {
  console.error(launch.reason);
  process.exit(2);
}

// The demo says first which table it seats: decided before the build, so the first line is not a minute late.
const table =
  launch.kind === 'demo' ? await demoTableHere(launch.scripted === true, 'pnpm start -- --scripted') : undefined;
if (table) console.log(table.firstLine);

console.log('Building the .vsix (pnpm package)…');
// turbo's own lines only when something fails: the output that matters here is what to open.
run(await pnpm(), ['package', '--output-logs=errors-only']);
const extension = locateBuiltExtension();
const vsix = path.relative(repoRoot, extension.vsixPath);

if (launch.kind === 'none') {
  console.error(`\nBuilt ${vsix}, but cannot start it here. ${launch.reason}`);
  process.exit(1);
}

if (launch.kind === 'vscode') {
  run(await startable(launch.cli), ['--install-extension', extension.vsixPath, '--force']);
  console.log(
    [
      '',
      `Roundtable ${extension.version} is installed in VS Code (${launch.cli}).`,
      '',
      `  Open it:  ${launch.onPath ? path.basename(launch.cli) : JSON.stringify(launch.cli)} <folder>   (a window already open: run "Developer: Reload Window")`,
      '            then click the Roundtable icon in the activity bar.',
      '  New to it: the "Get Started with Roundtable" walkthrough is on the Welcome page.',
      '',
    ].join('\n'),
  );
} else if (table) {
  const { codeServerBin, cacheDir } = resolveToolchain();
  const chosen = process.argv.slice(2).some((arg) => arg === '--demo' || arg === '--scripted');
  console.log(
    [
      `${chosen ? 'Starting' : 'No VS Code found (no `code` command): starting'} the browser demo, VS Code (code-server) with Roundtable.`,
      ...(existsSync(codeServerBin)
        ? []
        : [`First, Node 24 and code-server go into ${cacheDir} (a few minutes, once).`]),
      'The URL to open is printed below when it is ready.',
      '',
    ].join('\n'),
  );
  // What `pnpm demo` runs, in this process: one layer fewer for Ctrl+C to cross, so the demo's own cleanup is all
  // that happens (a `pnpm demo` in between reports the interrupted run as a failure).
  run(await startable('bash'), [path.join('scripts', 'e2e', 'install-toolchain.sh'), '--without-browser']);
  await runDemo(table);
}
