import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';

// The same runner the `demo-proxy` script uses.
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const packageDir = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

function startCli(args: string[]) {
  const proc = spawn(process.execPath, [tsxCli, 'src/cli.ts', ...args], { cwd: packageDir, stdio: 'pipe' });
  child = proc;
  let stdout = '';
  proc.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    proc.stdout.on('data', () => {
      const match = /^Fake CLIProxyAPI listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    proc.on('exit', (code) => reject(new Error(`cli exited with ${code} before listening: ${stdout}`)));
  });
  return { proc, listening, exited, stdout: () => stdout };
}

test('demo-proxy prints exactly one line, enforces --access-key, and stops cleanly on SIGTERM', async () => {
  // pnpm may hand the `--` separator through; the CLI must ignore it.
  const cli = startCli(['--', '--port', '0', '--access-key', 'abc']);
  const url = await cli.listening;

  expect((await fetch(`${url}/v1/models`)).status).toBe(401);
  expect((await fetch(`${url}/v1/models`, { headers: { Authorization: 'Bearer abc' } })).status).toBe(200);

  cli.proc.kill('SIGTERM');
  expect(await cli.exited).toBe(0);
  expect(cli.stdout()).toBe(`Fake CLIProxyAPI listening on ${url}\n`);
}, 20_000);

test('an invalid --port is refused', async () => {
  const cli = startCli(['--port', 'abc']);
  await expect(cli.listening).rejects.toThrow('exited with 2');
}, 20_000);
