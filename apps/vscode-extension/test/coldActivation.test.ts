import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@roundtable/core';
import { afterEach, describe, expect, test } from 'vitest';
import { chunkOf, readChunkGraph, staticClosure } from '../../../size/readChunkGraph';
import { COLD_HARNESS, runColdStart } from '../bench/cold/runCold';
import { writeStoredThreads } from '../bench/storedThreads';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';

// What a window loads before its first chat state, in a fresh process that imports the built dist/extension.js (as
// VS Code does) against a stubbed `vscode`: the entry and the chunks it imports statically, nothing reached through
// an `import()` (the turns' code, the managed proxy, the storage upkeep...), and never Node's fetch (tens of
// milliseconds on its first call). Read from the build's chunk graph (`dist/chunks.json`). Runs after `pnpm package`
// (turbo orders it), like vsix.test.ts.

const dist = join(import.meta.dirname, '../dist');
const graph = readChunkGraph(dist);
const firstState = staticClosure(graph, [chunkOf(graph, 'apps/vscode-extension/src/extension.ts')]);
const firstStateModules = new Set([...firstState].flatMap((file) => graph.chunks[file]?.modules ?? []));

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
  test('the first state’s chunks hold none of what only a turn, a thread read, the managed proxy or the upkeep needs', () => {
    for (const lazy of [
      'packages/core/src/transcript/parseTranscript.ts',
      'packages/core/src/store/ThreadDocument.ts',
      'apps/vscode-extension/src/storage/threadState.ts',
      'packages/sidecar/src/checkProxy.ts',
      'packages/core/src/orchestrator/TurnEngine.ts',
      'packages/core/src/orchestrator/sendMessage.ts',
      'packages/core/src/llm/streamChatCompletion.ts',
      'packages/core/src/council/reviewPrompt.ts',
      'packages/core/src/views/handleIntent.ts',
      'packages/core/src/protocol/webviewToHost.ts',
      'packages/core/src/views/SeatSpendingFeed.ts',
      'packages/core/src/threads/seatSpend.ts',
      'packages/core/src/bench/SeatBench.ts',
      'apps/vscode-extension/src/sidecar/managedSidecar.ts',
      'apps/vscode-extension/src/storage/rebuildIndex.ts',
      'apps/vscode-extension/src/storage/journalCompaction.ts',
      'apps/vscode-extension/src/threads/threadTools.ts',
    ]) {
      expect(firstStateModules.has(lazy), lazy).toBe(false);
    }
    expect(firstStateModules.has('packages/core/src/views/ChatViewController.ts')).toBe(true);
  });

  test('external mode: loads nothing but the entry’s chunks, and never fetch, before the first state', async () => {
    const root = await storage();
    // The index an earlier session left: without one, the rebuild is rightly the first thing done.
    await new FileThreadRepository({ root, logger: silentLogger }).list();
    const run = runColdStart(root, { 'sidecar.mode': 'external' }, true);
    expect(run.fetchBeforeFirstState).toBe(false);
    expect(run.loadedBeforeFirstState).toContain('extension.js');
    expect(run.loadedBeforeFirstState.filter((file) => !firstState.has(file))).toEqual([]);
  });

  test('with threads stored, the first state reads none of them: the newest one’s messages follow in its full state', async () => {
    const root = await storage();
    await writeStoredThreads(root, 20);
    await new FileThreadRepository({ root, logger: silentLogger }).list();
    const run = runColdStart(root, { 'sidecar.mode': 'external' }, true);
    expect(run.loadedBeforeFirstState.filter((file) => !firstState.has(file))).toEqual([]);
    expect(run.firstTranscriptMs).toBeGreaterThanOrEqual(run.firstStateMs);
  });

  test('managed mode: the managed proxy’s code is loaded after the first state, not before', async () => {
    const settings = { 'sidecar.mode': 'managed', 'sidecar.binaryPath': join(tmpdir(), 'no-such-cli-proxy-api') };
    const root = await storage();
    await new FileThreadRepository({ root, logger: silentLogger }).list();
    const child = spawnSync(process.execPath, [COLD_HARNESS, dist, root], {
      encoding: 'utf8',
      env: {
        ...process.env,
        ROUNDTABLE_STUB_SETTINGS: JSON.stringify(settings),
        ROUNDTABLE_COLD_AWAIT_MANAGED: '1',
        ROUNDTABLE_COLD_LOG: '1',
      },
      timeout: 30_000,
    });
    const [first, later] = child.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { fetchBeforeFirstState: boolean; loadedBeforeFirstState: string[] });
    expect(first?.fetchBeforeFirstState).toBe(false);
    expect(first?.loadedBeforeFirstState.filter((file) => !firstState.has(file))).toEqual([]);
    expect(later).toEqual({ managedLoadedAfterMs: expect.any(Number) });
  });
});
