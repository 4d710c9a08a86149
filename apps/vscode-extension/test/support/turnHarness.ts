import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_ORCHESTRATOR_SETTINGS,
  type Logger,
  Orchestrator,
  type ParticipantConfig,
  randomIds,
  silentLogger,
  systemClock,
  type Transcript,
  type TurnFailure,
} from '@roundtable/core';
import { resolveProxyEndpoint } from '@roundtable/sidecar';
import { expect, onTestFinished } from 'vitest';
import { type ChatTuning, createChatBackend } from '../../src/proxy/createChatBackend';
import { FileThreadRepository } from '../../src/storage/FileThreadRepository';
import { readStoredThread } from './storedThread';

// The host side of a turn with real parts: the orchestrator, the chat backend and its streaming client over HTTP, and
// thread files on disk in a temporary folder. Everything it opens is closed when the test ends.

export function seat(id: string, displayName: string, model: string): ParticipantConfig {
  return { id, displayName, color: '#D97706', model, enabled: true };
}

export interface TableOptions {
  /** The proxy's root URL (no `/v1`), read for every reply. */
  url: () => string;
  participants: ParticipantConfig[];
  accessKey?: string;
  tuning?: ChatTuning;
  /** Where the orchestrator logs (silent unless given). */
  logger?: Logger;
}

export interface TurnTable {
  readonly orchestrator: Orchestrator;
  readonly threadId: string;
  /** The extension's storage folder (threads in `threads/`). */
  readonly dir: string;
  /** Every `onDidFailReply`, in order. */
  readonly failures: TurnFailure[];
  /** Sends `text` and resolves with the transcript once the thread has no turn running. */
  turn(text: string): Promise<Transcript>;
  /** The live transcript. */
  transcript(): Transcript;
}

export async function openTable(options: TableOptions): Promise<TurnTable> {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-faults-'));
  const noDns = async (): Promise<string[]> => {
    throw new Error('tests never ask a DNS server');
  };
  const endpoint = () => resolveProxyEndpoint({ mode: 'external', port: 8317, externalUrl: options.url() }, noDns);
  const repository = new FileThreadRepository({ root: dir, logger: silentLogger });
  const orchestrator = new Orchestrator({
    repository,
    chat: createChatBackend(endpoint, async () => options.accessKey, undefined, undefined, options.tuning),
    clock: systemClock,
    ids: randomIds,
    logger: options.logger ?? silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: options.participants },
  });
  const lease = await orchestrator.newThread();
  const failures: TurnFailure[] = [];
  const listener = orchestrator.runner.onDidFailReply((failure) => failures.push(failure));
  // Everything written before the folder goes: a save still in flight would recreate files in it.
  onTestFinished(async () => {
    listener.dispose();
    await orchestrator.shutdown();
    lease.dispose();
    orchestrator.dispose();
    repository.dispose(); // and a compaction under way finishes
    await repository.settled();
    await rm(dir, { recursive: true, force: true });
  });
  const { threadId } = lease;
  const transcript = () => {
    const live = orchestrator.store.transcript(threadId);
    if (!live) throw new Error('thread not loaded');
    return live;
  };
  return {
    orchestrator,
    threadId,
    dir,
    failures,
    transcript,
    turn: async (text) => {
      expect(await orchestrator.send(threadId, text)).toEqual({ ok: true });
      await orchestrator.runner.whenIdle(threadId);
      return transcript();
    },
  };
}

/**
 * Once the runner is idle no message is `streaming`, and the thread as stored, read back and validated as on load,
 * holds exactly what is in memory.
 */
export async function expectSettled(table: TurnTable): Promise<void> {
  expect(table.orchestrator.runner.isBusy(table.threadId)).toBe(false);
  const live = table.transcript();
  expect(live.messages.filter((m) => m.status === 'streaming')).toEqual([]);
  await table.orchestrator.store.flush();
  expect(await readStoredThread(table.dir, table.threadId)).toEqual(live);
}
