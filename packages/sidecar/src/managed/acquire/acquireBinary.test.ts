import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FetchLike } from '@roundtable/core';
import { afterEach, describe, expect, test } from 'vitest';
import type { ReleaseAsset } from '../pinnedRelease';
import { type AcquireOptions, acquireBinary } from './acquireBinary';
import { loopbackRelease, makeArchive, startReleaseServer } from './releaseServer.testing';

const run = promisify(execFile);
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A stand-in binary: a script that prints a version line, as `cli-proxy-api -h` does. */
const FAKE_BINARY = new TextEncoder().encode('#!/bin/sh\necho "CLIProxyAPI Version: test"\n');

async function storage(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-acquire-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function serve(files: Record<string, Uint8Array>) {
  const server = await startReleaseServer(files);
  cleanup.push(server.close);
  return server;
}

function options(storageDir: string, baseUrl: string, asset: ReleaseAsset, extra: Partial<AcquireOptions> = {}) {
  return { ...loopbackRelease(storageDir, { baseUrl }, { asset }), ...extra } satisfies AcquireOptions;
}

describe('acquireBinary', () => {
  test.each(['tar.gz', 'zip'] as const)(
    'a %s: downloaded, verified, the binary alone installed and runnable',
    async (kind) => {
      const archive = await makeArchive(kind, FAKE_BINARY);
      const server = await serve({ [archive.asset.name]: archive.bytes });
      const dir = await storage();
      const stages: string[] = [];
      const result = await acquireBinary(
        options(dir, server.baseUrl, archive.asset, { onStage: (s) => stages.push(s.stage) }),
      );
      expect(result).toMatchObject({ ok: true, downloaded: true });
      if (!result.ok) return;
      expect(result.binaryPath).toBe(join(dir, 'cliproxyapi', '7.2.140', 'cli-proxy-api'));
      expect((await stat(result.binaryPath)).mode & 0o111).not.toBe(0);
      expect((await run(result.binaryPath)).stdout).toContain('CLIProxyAPI Version: test');
      // Only the binary: no README, no archive, no staging folder left behind.
      expect(await readdir(join(dir, 'cliproxyapi', '7.2.140'))).toEqual(['cli-proxy-api']);
      expect(await readdir(join(dir, 'cliproxyapi'))).toEqual(['7.2.140']);
      expect(stages[0]).toBe('downloading');
      expect(stages.at(-1)).toBe('verifying');
      expect(server.requests).toEqual([`/download/v-test/${archive.asset.name}`]);
    },
  );

  test('declined consent makes no request at all', async () => {
    const archive = await makeArchive('tar.gz', FAKE_BINARY);
    const server = await serve({ [archive.asset.name]: archive.bytes });
    const calls: string[] = [];
    const recording: FetchLike = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const dir = await storage();
    const result = await acquireBinary(
      options(dir, server.baseUrl, archive.asset, { consent: async () => false, fetch: recording }),
    );
    expect(result).toMatchObject({ ok: false, kind: 'declined' });
    expect(calls).toEqual([]);
    expect(server.requests).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  test('a tampered archive is rejected before it is opened, and deleted', async () => {
    const archive = await makeArchive('tar.gz', FAKE_BINARY);
    const tampered = archive.bytes.slice();
    tampered[tampered.length - 10] = (tampered[tampered.length - 10] ?? 0) ^ 0xff;
    const server = await serve({ [archive.asset.name]: tampered });
    const dir = await storage();
    const result = await acquireBinary(options(dir, server.baseUrl, archive.asset));
    expect(result).toMatchObject({
      ok: false,
      kind: 'failed',
      reason: expect.stringContaining('is not the pinned file'),
    });
    expect(await readdir(join(dir, 'cliproxyapi'))).toEqual([]); // no archive, no staging, no version folder
  });

  test('an archive without the binary at its root is refused, and nothing is installed', async () => {
    const archive = await makeArchive('zip', FAKE_BINARY, 'something-else');
    const asset = { ...archive.asset, binary: 'cli-proxy-api' };
    const server = await serve({ [asset.name]: archive.bytes });
    const dir = await storage();
    const result = await acquireBinary(options(dir, server.baseUrl, asset));
    expect(result).toMatchObject({
      ok: false,
      kind: 'failed',
      reason: expect.stringContaining('does not contain cli-proxy-api'),
    });
    expect(await readdir(join(dir, 'cliproxyapi'))).toEqual([]);
  });

  test('a missing release and a cancelled download are reported, with nothing left behind', async () => {
    const archive = await makeArchive('tar.gz', FAKE_BINARY);
    const server = await serve({});
    const dir = await storage();
    expect(await acquireBinary(options(dir, server.baseUrl, archive.asset))).toMatchObject({
      ok: false,
      kind: 'failed',
      reason: expect.stringContaining('HTTP 404'),
    });
    const controller = new AbortController();
    controller.abort();
    expect(
      await acquireBinary(options(dir, server.baseUrl, archive.asset, { signal: controller.signal })),
    ).toMatchObject({
      ok: false,
      kind: 'cancelled',
    });
    expect(await readdir(join(dir, 'cliproxyapi'))).toEqual([]);
  });

  test('an installed binary is used without asking or downloading again', async () => {
    const archive = await makeArchive('tar.gz', FAKE_BINARY);
    const server = await serve({ [archive.asset.name]: archive.bytes });
    const dir = await storage();
    await acquireBinary(options(dir, server.baseUrl, archive.asset));
    let asked = false;
    const again = await acquireBinary(
      options(dir, server.baseUrl, archive.asset, { consent: async () => (asked = true) }),
    );
    expect(again).toMatchObject({ ok: true, downloaded: false });
    expect(asked).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  test('an unsupported platform gets the reason and no request', async () => {
    const dir = await storage();
    const result = await acquireBinary({
      storageDir: dir,
      platform: 'sunos',
      arch: 'sparc',
      consent: async () => {
        throw new Error('must not be asked');
      },
      signal: new AbortController().signal,
      fetch: () => Promise.reject(new Error('must not fetch')),
    });
    expect(result).toMatchObject({ ok: false, kind: 'unsupported', reason: expect.stringContaining('sunos/sparc') });
  });
});
