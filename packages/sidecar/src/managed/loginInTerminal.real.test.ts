import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRealOnly, NO_EGRESS, realProxyBinary } from '@roundtable/testkit';
import { expect, test } from 'vitest';
import { loginCommandLine } from './loginInTerminal';
import { renderManagedConfig } from './proxyConfig';

// The terminal sign-in's command line, run with the real binary: it starts the login and prints the page to open.
// (Antigravity: its callback port is not used by the other sign-in tests, which run at the same time.)

describeRealOnly('a sign-in in a terminal', () => {
  test('the pinned binary accepts the command line and prints the page to open', async () => {
    const binary = realProxyBinary();
    if (!binary.ok) throw new Error(binary.reason);
    const dir = await mkdtemp(join(tmpdir(), 'roundtable-terminal-login-'));
    const config = join(dir, 'config.yaml');
    await writeFile(config, renderManagedConfig({ port: 1, authDir: join(dir, 'auth'), accessKey: 'k' }), {
      mode: 0o600,
    });
    const [command = '', ...args] = loginCommandLine('antigravity', binary.path, config);
    const child = spawn(command, args, {
      cwd: dir,
      env: { ...process.env, ...NO_EGRESS },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect
        .poll(() => output, { timeout: 15_000 })
        .toContain('Visit the following URL to continue authentication:');
      expect(output).toContain('https://accounts.google.com/');
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
