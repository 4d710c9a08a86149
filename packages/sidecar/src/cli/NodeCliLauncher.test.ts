import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliDialect } from '@roundtable/core/cli';
import { streamCliReply } from '@roundtable/core/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeCliLauncher } from './NodeCliLauncher';

// A stand-in CLI in plain Node: reads stdin whole, reports what it saw as JSON lines, and on request starts a
// grandchild and hangs (to prove the whole group is ended).
const SCRIPT = `
const fs = require('node:fs');
const { spawn } = require('node:child_process');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => {
  const [systemFile, mode] = process.argv.slice(2);
  const out = (v) => process.stdout.write(JSON.stringify(v) + '\\n');
  out({ t: 'text', x: 'cwd=' + process.cwd() + ';files=' + fs.readdirSync('.').join(',') });
  out({ t: 'text', x: ';system=' + fs.readFileSync(systemFile, 'utf8') + ';stdin=' + input.length + ':' + input.slice(-6) });
  out({ t: 'text', x: ';env=' + process.env.FAKE_TELEMETRY + ';inherited=' + process.env.RT_INHERITED });
  if (mode === 'hang') {
    const grandchild = spawn('sleep', ['300'], { stdio: 'ignore' });
    out({ t: 'text', x: ';grandchild=' + grandchild.pid });
    setInterval(() => {}, 1000);
    return;
  }
  out({ t: 'end' });
});
`;

let folder: string;
let script: string;
const dialect = (mode: string): CliDialect => ({
  kind: 'claude',
  program: process.execPath,
  productName: 'Fake CLI',
  minimumVersion: '1.0.0',
  parseVersion: () => '1.0.0',
  args: (turn) => [script, turn.systemPromptFile, mode],
  env: () => ({ FAKE_TELEMETRY: 'off' }),
  interpreter: () => ({
    take(line) {
      const e = line as { t: string; x?: string };
      if (e.t === 'text') return { events: [{ type: 'delta', text: e.x ?? '' }] };
      if (e.t === 'end') return { events: [{ type: 'finish', reason: 'stop' }], done: true };
      return { events: [], unknown: true };
    },
  }),
  loginCommand: 'fake login',
  saysSignedOut: () => false,
});

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rt-launcher-test-'));
  script = join(folder, 'fake-cli.cjs');
  await writeFile(script, SCRIPT);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function collect(mode: string, stdin: string, signal = new AbortController().signal) {
  const launcher = new NodeCliLauncher({ env: { ...process.env, RT_INHERITED: 'yes' }, tmpRoot: folder });
  let text = '';
  const events: string[] = [];
  for await (const e of streamCliReply(
    {
      dialect: dialect(mode),
      command: process.execPath,
      model: 'm',
      messages: [
        { role: 'system', content: 'SYS' },
        { role: 'user', content: stdin },
      ],
    },
    launcher,
    signal,
  )) {
    events.push(e.type);
    if (e.type === 'delta') text += e.text;
  }
  return { text, events };
}

describe('NodeCliLauncher', () => {
  it('runs the CLI in an empty private folder with the system prompt in a file and the whole transcript on stdin, then removes the folder', async () => {
    const big = `${'x'.repeat(200 * 1024)}TAIL`;
    const { text, events } = await collect('reply', big);
    expect(events.at(-1)).toBe('finish');
    const cwd = /cwd=([^;]+)/.exec(text)?.[1] ?? '';
    expect(cwd.startsWith(join(folder, 'roundtable-cli-'))).toBe(true);
    expect(text).toContain(';files=system-prompt.md;');
    expect(text).toContain(';system=SYS;');
    expect(text).toContain(`;stdin=${big.length + 1}:xTAIL\n`);
    expect(text).toContain(';env=off;inherited=yes');
    await expect.poll(() => existsSync(cwd)).toBe(false);
  });

  it('makes the folder and the prompt file private to the user', async () => {
    const launcher = new NodeCliLauncher({ tmpRoot: folder });
    const child = await launcher.launch({
      dialect: dialect('hang'),
      command: process.execPath,
      model: 'm',
      system: 'S',
      stdin: 'x',
    });
    const reader = child.stdout[Symbol.asyncIterator]();
    const first = new TextDecoder().decode((await reader.next()).value);
    const cwd = /cwd=([^;]+)/.exec(first)?.[1] ?? '';
    expect(statSync(cwd).mode & 0o777).toBe(0o700);
    expect(statSync(join(cwd, 'system-prompt.md')).mode & 0o777).toBe(0o600);
    launcher.dispose();
    await child.exited;
  });

  it('Stop ends the whole process group, grandchildren included', async () => {
    const controller = new AbortController();
    let grandchild = 0;
    const launcher = new NodeCliLauncher({ tmpRoot: folder, graceMs: 500 });
    let leader = 0;
    const run = (async () => {
      for await (const e of streamCliReply(
        {
          dialect: dialect('hang'),
          command: process.execPath,
          model: 'm',
          messages: [{ role: 'user', content: 'hi' }],
        },
        {
          launch: async (l) => {
            const p = await launcher.launch(l);
            leader = -1;
            return p;
          },
        },
        controller.signal,
      )) {
        const g = e.type === 'delta' ? /grandchild=(\d+)/.exec(e.text) : null;
        if (g) {
          grandchild = Number(g[1]);
          controller.abort(new DOMException('stopped', 'AbortError'));
        }
      }
    })();
    await expect(run).rejects.toThrow('stopped');
    expect(leader).toBe(-1);
    expect(grandchild).toBeGreaterThan(0);
    await expect.poll(() => isAlive(grandchild), { timeout: 5_000 }).toBe(false);
  });

  it('starts what the command resolves to (a Windows shim: node on its script), its arguments first, its variables last', async () => {
    const resolved: string[] = [];
    const launcher = new NodeCliLauncher({
      env: { ...process.env, RT_INHERITED: 'host' },
      tmpRoot: folder,
      resolve: async (command) => {
        resolved.push(command);
        const env = { RT_INHERITED: 'shim' };
        return { ok: true, target: { found: command, file: process.execPath, args: [script], env } };
      },
    });
    const shimDialect: CliDialect = { ...dialect('reply'), args: (turn) => [turn.systemPromptFile, 'reply'] };
    let text = '';
    for await (const e of streamCliReply(
      { dialect: shimDialect, command: 'C:\\npm\\fake.cmd', model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      launcher,
      new AbortController().signal,
    )) {
      if (e.type === 'delta') text += e.text;
    }
    expect(resolved).toEqual(['C:\\npm\\fake.cmd']);
    expect(text).toContain(';env=off;inherited=shim');
  });

  it('a command that resolves to nothing it can start says why, and starts nothing', async () => {
    const launcher = new NodeCliLauncher({
      tmpRoot: folder,
      resolve: async () => ({ ok: false, found: 'C:\\npm\\fake.cmd', reason: 'it is odd.' }),
    });
    const turn = { dialect: dialect('reply'), command: 'fake', model: 'm', system: '', stdin: '' };
    await expect(launcher.launch(turn)).rejects.toThrow('Fake CLI cannot be started: it is odd.');
  });

  it('a missing program is a sentence that says what to do', async () => {
    const launcher = new NodeCliLauncher({ tmpRoot: folder });
    await expect(
      launcher.launch({
        dialect: dialect('reply'),
        command: join(folder, 'no-such-cli'),
        model: 'm',
        system: '',
        stdin: '',
      }),
    ).rejects.toThrow(/Fake CLI was not found: .*no-such-cli/);
  });
});

function isAlive(pid: number): boolean {
  // `ps` rather than kill(pid, 0): a killed grandchild is a zombie until reaped by init, and a zombie is gone for us.
  const out = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return out !== '' && !out.startsWith('Z');
}
