// Records one run of a real CLI against its loopback stand-in, as fixtures for the dialect's replay tests:
//
//   pnpm --filter @roundtable/testkit exec tsx src/cliStandIns/record.ts <claude|codex|gemini> <name> '<scenario json>'
//
// writes packages/core/src/cli/fixtures/<cli>/<name>.stdout (raw bytes), .stderr and .meta.json (exit, argv with the
// private folder written as <workdir>). The CLI runs with a fresh HOME (no login, no user settings) and the stand-in's
// variables, in an empty folder, with the dialect's own arguments and environment: what the product runs, aimed at
// loopback.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliDialect } from '../../../core/src/cli/dialect';
import type * as CliIndex from '../../../core/src/cli/index';
import type * as TurnFolders from '../../../sidecar/src/cli/turnFolders';
import { REAL_CLIS, type RealCliKind, realCli } from '../real/realClis';
import type { StandInScenario, StartStandIn } from './scenario';

const here = dirname(fileURLToPath(import.meta.url));
const core = join(here, '..', '..', '..', 'core', 'src', 'cli');

/** A transcript like the ones prompt assembly gives, small enough to read in a fixture. */
export const RECORDING_MESSAGES = [
  { role: 'system', content: 'You are Claude, one of several AI assistants in a shared group conversation.' },
  { role: 'user', content: '[User] @all How should fetchJson retry?' },
  { role: 'user', content: '[Gemini]: Backoff, and honour Retry-After.' },
] as const;

async function main(): Promise<void> {
  const [kind, name, scenarioJson] = process.argv.slice(2) as [RealCliKind, string, string];
  if (!kind || !name || !scenarioJson) throw new Error('usage: record.ts <cli> <name> <scenario json>');
  const scenario = JSON.parse(scenarioJson) as StandInScenario;
  const cli = realCli(kind);
  if (!cli.ok) throw new Error(cli.reason);
  const { dialect } = (await import(join(core, 'dialects', `${kind}.ts`))) as { dialect: CliDialect };
  const { cliInput } = (await import(join(core, 'cliInput.ts'))) as typeof CliIndex;
  const { startStandIn } = (await import(join(here, `${kind}StandIn.ts`))) as { startStandIn: StartStandIn };
  const standIn = await startStandIn(scenario);
  const { makeTurnFolders } = (await import(
    join(here, '..', '..', '..', 'sidecar', 'src', 'cli', 'turnFolders.ts')
  )) as typeof TurnFolders;
  const home = await mkdtemp(join(tmpdir(), 'rt-cli-home-'));
  const input = cliInput(RECORDING_MESSAGES);
  const env = { ...process.env, HOME: home, ...standIn.env() };
  // The turn's folders as the product's launcher makes them (private home, copied settings, linked login).
  const folders = await makeTurnFolders(dialect, {
    env,
    model: process.env.RECORD_MODEL ?? 'test-model',
    system: input.system,
  });
  const { turn } = folders;
  const workDir = turn.workDir;
  try {
    const args = dialect.args(turn);
    const child = spawn(cli.path, args, {
      cwd: workDir,
      env: { ...env, ...dialect.env(turn) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => stdout.push(b));
    child.stderr.on('data', (b: Buffer) => stderr.push(b));
    child.stdin.end(input.stdin);
    const timer = setTimeout(() => child.kill('SIGKILL'), Number(process.env.RECORD_TIMEOUT_MS ?? 60_000));
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    clearTimeout(timer);
    const out = join(core, 'fixtures', kind);
    await mkdir(out, { recursive: true });
    const scrub = (b: Buffer) => b.toString('utf8').replaceAll(workDir, '<workdir>').replaceAll(home, '<home>');
    await writeFile(join(out, `${name}.stdout`), scrub(Buffer.concat(stdout)));
    await writeFile(join(out, `${name}.stderr`), scrub(Buffer.concat(stderr)));
    const meta = {
      cli: kind,
      version: REAL_CLIS[kind].version,
      scenario,
      exitCode: code,
      signal,
      args: args.map((a) => a.replaceAll(workDir, '<workdir>')),
      requests: standIn.requests.map((r) => `${r.method} ${r.path}`),
    };
    await writeFile(join(out, `${name}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`);
    console.log(`exit ${code} ${signal ?? ''}; ${stdout.length} stdout chunks; requests: ${meta.requests.join(', ')}`);
  } finally {
    await standIn.close();
    await rm(home, { recursive: true, force: true });
    await folders.remove();
  }
}

await main();
