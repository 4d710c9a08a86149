import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLogger } from '@roundtable/core/testing';
import { goJsonString, keyFragmentsIn } from '@roundtable/testkit';
import { afterEach, expect, test } from 'vitest';
import { freeLoopbackPort } from './freeLoopbackPort';
import { ManagedProxy } from './ManagedProxy';

// What the proxy prints reaches the log line by line, and its last line becomes the reason a start failed (the
// status pill shows it): the access key is taken out of both, in the form the proxy would print it.

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const KEY = 'sk-local&proxy-SECRET-43';

test('the access key a dying proxy prints, JSON-escaped, reaches neither the log nor the reason it failed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-redaction-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const binary = join(dir, 'cli-proxy-api');
  await writeFile(binary, `#!/bin/sh\necho 'fatal: bad key in config: ${goJsonString(KEY)}'\nexit 3\n`);
  await chmod(binary, 0o755);
  const logger = new RecordingLogger();
  const proxy = new ManagedProxy({
    binaryPath: binary,
    workDir: join(dir, 'run'),
    authDir: join(dir, 'auth'),
    accessKey: KEY,
    preferredPort: 0,
    logger,
    freePort: freeLoopbackPort,
    policy: { baseDelayMs: 1, maxDelayMs: 2, maxCrashes: 1, windowMs: 60_000 },
    timing: { readyTimeoutMs: 5_000 },
  });
  cleanup.push(async () => {
    await proxy.stop();
    proxy.dispose();
  });
  await proxy.start();
  await expect.poll(() => proxy.state.current.state, { timeout: 10_000 }).toBe('failed');
  const reason = proxy.state.current.state === 'failed' ? proxy.state.current.reason : '';
  expect(reason).toContain('fatal: bad key in config');
  expect(keyFragmentsIn(reason, KEY)).toEqual([]);
  expect(logger.lines.some((line) => line.includes('[cliproxyapi] fatal: bad key'))).toBe(true);
  expect(keyFragmentsIn(logger.lines.join('\n'), KEY)).toEqual([]);
});
