import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { isIP } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import {
  EGRESS_LOG_ENV,
  type EgressRecord,
  egressOffenders,
  egressRecorderPath,
  isLoopbackHost,
  programsStarted,
  readEgressLog,
} from './egress';

const execFileAsync = promisify(execFile);

test.each([
  { host: 'localhost', loopback: true },
  { host: 'LOCALHOST', loopback: true },
  { host: '127.0.0.1', loopback: true },
  { host: '127.8.9.10', loopback: true },
  { host: '::1', loopback: true },
  { host: '[::1]', loopback: true },
  { host: '::ffff:127.0.0.1', loopback: true },
  { host: 'localhost.example.com', loopback: false },
  { host: 'api.localhost', loopback: false },
  { host: '128.0.0.1', loopback: false },
  { host: '0.0.0.0', loopback: false },
  { host: '::ffff:10.0.0.1', loopback: false },
  { host: '::2', loopback: false },
  { host: 'github.com', loopback: false },
  { host: '', loopback: false },
])('isLoopbackHost($host) is $loopback', ({ host, loopback }) => {
  expect(isLoopbackHost(host)).toBe(loopback);
});

const base = {
  pid: 1,
  ppid: 0,
  type: 'extensionHost',
  script: 'bootstrap-fork',
  codeServerChild: true,
  time: 0,
  stack: [],
};
const record = (fields: Partial<EgressRecord>): EgressRecord => ({ ...base, kind: 'tcp', via: 'test', ...fields });

test.each([
  { name: 'an allowed loopback port', record: record({ host: '127.0.0.1', port: 4000 }), offends: false },
  { name: 'localhost on an allowed port', record: record({ host: 'localhost', port: 4000 }), offends: false },
  { name: 'a loopback port nobody configured', record: record({ host: '127.0.0.1', port: 5000 }), offends: true },
  { name: 'an address off loopback', record: record({ host: '140.82.112.3', port: 4000 }), offends: true },
  { name: 'UDP off loopback', record: record({ kind: 'udp', host: '8.8.8.8', port: 53 }), offends: true },
  { name: 'a lookup of localhost', record: record({ kind: 'dns', host: 'localhost' }), offends: false },
  { name: 'a lookup of a public name', record: record({ kind: 'dns', host: 'github.com' }), offends: true },
  { name: 'a Unix socket', record: record({ kind: 'ipc', path: '/tmp/vscode-ipc-1.sock' }), offends: false },
])('egressOffenders: $name', ({ record: given, offends }) => {
  expect(egressOffenders([given], { ports: [4000] })).toEqual(offends ? [given] : []);
});

test('programsStarted: the watchdog of the extension stands for the program it runs, any other spawn for itself', () => {
  const code = '/ext/roundtable.roundtable-';
  const spawn = (file: string, args: string[]) => record({ kind: 'spawn', path: file, args });
  const watchdog = `${code}0.1.0/dist/proxyWatchdog.js`;
  expect(
    programsStarted(
      [
        spawn('/usr/bin/node', [watchdog, '/managed/cli-proxy-api', '{"args":[]}']),
        spawn('/managed/cli-proxy-api', ['--config', 'c.yaml']),
        // A script of the same name outside the extension is no watchdog of ours: the spawn is judged as Node.
        spawn('/usr/bin/node', ['/elsewhere/dist/proxyWatchdog.js', '/managed/cli-proxy-api']),
        spawn('/usr/bin/node', [`${code}0.1.0/dist/other.js`, '/managed/cli-proxy-api']),
      ],
      code,
    ),
  ).toEqual(['/managed/cli-proxy-api', '/managed/cli-proxy-api', '/usr/bin/node', '/usr/bin/node']);
  expect(
    programsStarted([spawn('C:\\node.exe', [`${code}0.1.0\\dist\\proxyWatchdog.js`, 'C:\\m\\p.exe'])], code),
  ).toEqual(['C:\\m\\p.exe']);
});

describe('the recorder, preloaded into a real Node process', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `source` in a child Node with the recorder preloaded; returns what it recorded. */
  async function recordRun(source: string, moduleType: 'commonjs' | 'module'): Promise<EgressRecord[]> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rt-egress-'));
    dirs.push(dir);
    const log = path.join(dir, 'egress.jsonl');
    await execFileAsync(
      process.execPath,
      ['--require', egressRecorderPath, `--input-type=${moduleType}`, '-e', source],
      {
        env: { ...process.env, NODE_OPTIONS: '', [EGRESS_LOG_ENV]: log },
        timeout: 20_000,
      },
    );
    return readEgressLog(log);
  }

  // Node looks up address literals too (listen, bind, send): the judge ignores those, and so does this.
  const where = (records: EgressRecord[]) =>
    records
      .filter((r) => r.kind !== 'load' && !(r.kind === 'dns' && isIP(r.host ?? '') !== 0))
      .map((r) => ({ kind: r.kind, via: r.via, host: r.host, ...(r.kind === 'dns' ? {} : { port: r.port }) }));

  test('records TCP (net, http, fetch), UDP and name lookups, and the connections still work', async () => {
    const records = await recordRun(
      `
      const net = require('node:net'), http = require('node:http'), dgram = require('node:dgram'), dns = require('node:dns');
      (async () => {
        const server = http.createServer((req, res) => res.end('ok')).listen(0, '127.0.0.1');
        await new Promise((r) => server.once('listening', r));
        const { port } = server.address();
        await new Promise((resolve, reject) => net.connect(port, '127.0.0.1', function () { this.end(); resolve(); }).on('error', reject));
        await new Promise((resolve, reject) => http.get('http://localhost:' + port + '/', (res) => res.resume().on('end', resolve)).on('error', reject));
        if ((await (await fetch('http://127.0.0.1:' + port + '/')).text()) !== 'ok') throw new Error('fetch failed');
        await dns.promises.lookup('localhost');
        const udp = dgram.createSocket('udp4');
        await new Promise((resolve) => udp.bind(0, '127.0.0.1', resolve));
        await new Promise((resolve) => udp.send('x', port, '127.0.0.1', resolve));
        udp.close();
        server.close();
      })().catch((error) => { console.error(error); process.exit(1); });
      `,
      'commonjs',
    );
    expect(records[0]).toMatchObject({ kind: 'load', type: null, pid: expect.any(Number) });
    const port = records.find((r) => r.kind === 'tcp')?.port;
    expect(port).toBeGreaterThan(0);
    expect(where(records)).toEqual([
      { kind: 'tcp', via: 'net.Socket.connect', host: '127.0.0.1', port },
      { kind: 'tcp', via: 'net.Socket.connect', host: 'localhost', port },
      // net looks the name up itself, through dns.lookup
      { kind: 'dns', via: 'dns.lookup', host: 'localhost' },
      { kind: 'tcp', via: 'net.Socket.connect', host: '127.0.0.1', port },
      { kind: 'dns', via: 'dns.promises.lookup', host: 'localhost' },
      { kind: 'udp', via: 'dgram.send', host: '127.0.0.1', port },
    ]);
  });

  test('an ES module that imported lookup by name is recorded too, and promisify(lookup) still resolves as Node’s', async () => {
    const records = await recordRun(
      `
      import { lookup } from 'node:dns';
      import { promisify } from 'node:util';
      const found = await promisify(lookup)('localhost');
      if (typeof found.address !== 'string' || typeof found.family !== 'number') throw new Error(JSON.stringify(found));
      `,
      'module',
    );
    expect(where(records)).toEqual([{ kind: 'dns', via: 'dns.lookup', host: 'localhost' }]);
  });

  test('records the programs started, with secret-looking values redacted', async () => {
    const records = await recordRun(
      `
      const { execFileSync, spawn } = require('node:child_process');
      execFileSync(process.execPath, ['-e', '0', '--', '-password', 'hunter2']);
      spawn(process.execPath, ['-e', '0', '--', '--api-key=hunter2']).on('exit', () => {});
      `,
      'commonjs',
    );
    const spawns = records.filter((r) => r.kind === 'spawn').map((r) => ({ via: r.via, path: r.path, args: r.args }));
    expect(spawns).toEqual([
      { via: 'child_process.execFileSync', path: process.execPath, args: ['-e', '0', '--', '-password', '<redacted>'] },
      { via: 'ChildProcess.spawn', path: process.execPath, args: ['-e', '0', '--', '--api-key=<redacted>'] },
    ]);
    expect(JSON.stringify(records)).not.toContain('hunter2');
  });

  test('without the log variable it patches nothing', async () => {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--require', egressRecorderPath, '-e', `console.log(require('node:net').Socket.prototype.connect.name)`],
      { env: { ...process.env, NODE_OPTIONS: '', [EGRESS_LOG_ENV]: '' }, timeout: 20_000 },
    );
    expect(stdout.trim()).not.toBe('watched');
  });
});
