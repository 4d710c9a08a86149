import { expect, vi } from 'vitest';
import { Orchestrator } from '../../src/orchestrator/Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../../src/orchestrator/settings';
import type { ParticipantConfig } from '../../src/participants/participant';
import type { Logger } from '../../src/ports';
import type { SeatMap } from '../../src/protocol/proxyStatus';
import type { ThreadChange } from '../../src/store/ThreadStore';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '../../src/testing';
import type { Message, Transcript } from '../../src/transcript/schema';

export const claude: ParticipantConfig = {
  id: 'claude',
  displayName: 'Claude',
  color: '#D97706',
  model: 'claude-sonnet-4-6',
  enabled: true,
};
export const gpt: ParticipantConfig = {
  id: 'gpt',
  displayName: 'GPT',
  color: '#10A37F',
  model: 'gpt-5.5',
  enabled: true,
};

export const gemini: ParticipantConfig = {
  id: 'gemini',
  displayName: 'Gemini',
  color: '#4285F4',
  model: 'gemini-3-pro',
  enabled: true,
};

const disposables: { dispose(): void }[] = [];

/** Disposes what the tests' setups made; call in `afterEach`. */
export function disposeAll(): void {
  for (const d of disposables.splice(0)) d.dispose();
}

/** An orchestrator over a memory repository, a fake clock and a scripted model, with its events recorded. */
export function setup(options: { participants?: ParticipantConfig[]; stored?: unknown[]; seats?: () => SeatMap } = {}) {
  const clock = new FakeClock();
  const repository = new MemoryThreadRepository(options.stored ?? []);
  disposables.push(repository);
  const chat = new ScriptedChat();
  let n = 0;
  const logs: string[] = [];
  const logger: Logger = {
    trace: (m) => logs.push(`trace ${m}`),
    info: (m) => logs.push(`info ${m}`),
    warn: (m) => logs.push(`warn ${m}`),
    error: (m) => logs.push(`error ${m}`),
  };
  const orchestrator = new Orchestrator({
    repository,
    chat: chat.backend,
    clock,
    ids: { next: () => `id-${++n}` },
    logger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: options.participants ?? [claude] },
    ...(options.seats ? { seats: options.seats } : {}),
  });
  disposables.push(orchestrator);
  const changes: ThreadChange[] = [];
  disposables.push(orchestrator.store.onDidChange((c) => changes.push(c)));
  const busy: string[] = [];
  disposables.push(orchestrator.runner.onDidChangeBusy((e) => busy.push(`${e.threadId}:${e.busy}`)));
  /** A new thread held open, as a view holds the one it shows. */
  const openThread = async () => {
    const lease = await orchestrator.newThread();
    disposables.push(lease);
    return lease.threadId;
  };
  const messages = (threadId: string): Message[] => orchestrator.store.transcript(threadId)?.messages ?? [];
  const idle = (threadId: string) => vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
  return { clock, repository, chat, orchestrator, changes, busy, logs, openThread, messages, idle };
}

/** A stored thread with one user message. */
export function thread(id: string, updatedAt: string, text: string): Transcript {
  return {
    version: 7,
    id,
    title: text,
    createdAt: updatedAt,
    updatedAt,
    participants: ['claude'],
    messages: [
      {
        id: `${id}-m0`,
        seq: 0,
        role: 'user',
        speaker: 'user',
        content: text,
        status: 'complete',
        createdAt: updatedAt,
      },
    ],
  };
}
