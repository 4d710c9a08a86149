import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { FakeClock, RecordingLogger } from '@roundtable/core/testing';
import { ProxyMonitor } from '@roundtable/sidecar';
import { echoedKeyBody, keyFragmentsIn, startFakeProxy } from '@roundtable/testkit';
import { describe, expect, onTestFinished, test } from 'vitest';
import { diagnosticsReport } from '../src/diagnostics';
import { openTable, seat } from './support/turnHarness';

// The proxy echoes the access key in a 401 body, JSON-escaped as Go writes it (`&` as `\u0026`), placed across the
// 400-character cut of an error's excerpt. No run of 8 of its characters may reach anything a person or a file
// sees: the log, the reply's stored error and its thread file, the status pill, the diagnostics.

const KEY = 'sk-local&proxy-SECRET-43';
const claude = seat('claude', 'Claude', 'claude-sonnet-4-6');
/** Where the key starts in the message: 17 characters of it before the cut at 383, 8 at 392. */
const CUTS = [370, 383, 392];

describe('an access key the proxy echoes, escaped, across the cut', () => {
  test.each(CUTS)('at character %i: not in the log, the stored error, the thread file', async (at) => {
    const proxy = await startFakeProxy({ chunkDelayMs: 1, accessKeys: [KEY] });
    onTestFinished(() => proxy.close());
    proxy.enqueueFor(claude.model, { kind: 'error', status: 401, body: echoedKeyBody(KEY, at) });
    const logger = new RecordingLogger();
    const turns = await openTable({ url: () => proxy.url, participants: [claude], accessKey: KEY, logger });

    const reply = (await turns.turn('hello')).messages[1];
    expect(reply?.status).toBe('error');
    expect(reply?.error).toContain('xxxxxxxx'); // the body's words are quoted, so the key's place was reached
    expect(keyFragmentsIn(reply?.error ?? '', KEY)).toEqual([]);
    expect(keyFragmentsIn(turns.failures.map((f) => f.error.message).join('\n'), KEY)).toEqual([]);
    expect(logger.lines.some((line) => line.includes('Reply from claude failed'))).toBe(true);
    expect(keyFragmentsIn(logger.lines.join('\n'), KEY)).toEqual([]);
    await turns.orchestrator.store.flush();
    const file = await readFile(join(turns.dir, 'threads', `${turns.threadId}.json`), 'utf8');
    expect(keyFragmentsIn(file, KEY)).toEqual([]);
    expect(keyFragmentsIn(JSON.stringify(JSON.parse(file)), KEY)).toEqual([]);
  });

  test.each(CUTS)('at character %i: not in the status pill, its log line, or the diagnostics', async (at) => {
    const server = createServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(echoedKeyBody(KEY, at));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const logger = new RecordingLogger();
    const monitor = new ProxyMonitor({
      endpoint: async () => ({ ok: true, root, apiBase: `${root}/v1` }),
      accessKey: async () => KEY,
      participants: () => [claude],
      logger,
      clock: new FakeClock(),
    });
    onTestFinished(() => monitor.dispose());

    await monitor.check();
    expect(monitor.current.state).toBe('unhealthy');
    expect(monitor.current.detail).toContain('xxxxxxxx');
    expect(keyFragmentsIn(monitor.current.detail, KEY)).toEqual([]);
    expect(keyFragmentsIn(logger.lines.join('\n'), KEY)).toEqual([]);
    const report = diagnosticsReport({
      version: '0.1.0',
      vscodeVersion: '1.139.1',
      platform: 'linux-x64',
      endpoint: { mode: 'external', port: 8317, externalUrl: root },
      binaryPath: '',
      storageDir: '/tmp/roundtable',
      status: monitor.current,
    });
    expect(report).toContain('proxy status: unhealthy');
    expect(keyFragmentsIn(report, KEY)).toEqual([]);
  });
});
