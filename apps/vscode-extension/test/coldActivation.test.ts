import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { afterEach, describe, expect, test } from 'vitest';
import { runColdStart } from '../bench/cold/runCold';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { upkeepCode } from '../src/storage/upkeepCode';

// What a window loads before its first chat state, in a fresh process that requires the built dist/extension.js (as
// VS Code does) against a stubbed `vscode`: never Node's fetch (tens of milliseconds on its first call), never the
// managed proxy's bundle, never the turns' code, never the storage upkeep (unless the index must be rebuilt). Runs
// after `pnpm package` (turbo orders it), like vsix.test.ts.

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function storage(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'roundtable-cold-test-'));
  roots.push(root);
  return root;
}

describe('a cold window start', () => {
  test('external mode: no fetch, no managed, turns or upkeep bundle before the first state', async () => {
    const root = await storage();
    // The index an earlier session left: without one, the upkeep bundle's rebuild is rightly the first thing done.
    await new FileThreadRepository({ root, logger: silentLogger, upkeep: () => upkeepCode }).list();
    const run = runColdStart(root, { 'sidecar.mode': 'external' });
    expect(run).toMatchObject({
      fetchBeforeFirstState: false,
      managedBeforeFirstState: false,
      turnsBeforeFirstState: false,
      upkeepBeforeFirstState: false,
    });
  });

  test('managed mode: its bundle is loaded after the first state, not before', async () => {
    const harness = join(import.meta.dirname, '../bench/cold/activateCold.cjs');
    const settings = { 'sidecar.mode': 'managed', 'sidecar.binaryPath': join(tmpdir(), 'no-such-cli-proxy-api') };
    const child = spawnSync(process.execPath, [harness, join(import.meta.dirname, '../dist'), await storage()], {
      encoding: 'utf8',
      env: { ...process.env, ROUNDTABLE_STUB_SETTINGS: JSON.stringify(settings), ROUNDTABLE_COLD_AWAIT_MANAGED: '1' },
      timeout: 30_000,
    });
    const [first, later] = child.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({ managedBeforeFirstState: false, fetchBeforeFirstState: false });
    expect(later).toEqual({ managedLoadedAfterMs: expect.any(Number) });
  });
});
