import {
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Orchestrator,
  type ParticipantConfig,
  randomIds,
  silentLogger,
  systemClock,
  TRANSCRIPT_VERSION,
  type Transcript,
} from '@roundtable/core';
import { MemoryThreadRepository } from '@roundtable/core/testing';
import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterEach, expect, test, vi } from 'vitest';
import { createChatBackend } from '../src/proxy/createChatBackend';

// A provider that takes one system message, over real HTTP: the streaming client reads its 400, the turn runner asks
// again with the thread's notes inline, and remembers it for that provider.

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const AT = '2026-12-01T10:00:00.000Z';
const stored: Transcript = {
  version: TRANSCRIPT_VERSION,
  id: 't1',
  title: 'notes',
  createdAt: AT,
  updatedAt: AT,
  participants: ['local'],
  messages: [
    { id: 'm0', seq: 0, role: 'user', speaker: 'user', content: 'hello', status: 'complete', createdAt: AT },
    {
      id: 'm1',
      seq: 1,
      role: 'system',
      speaker: 'system',
      content: 'Llama joined.',
      status: 'complete',
      createdAt: '2026-12-01T10:00:01.000Z',
    },
  ],
};

test('a 400 about system messages is asked again with the notes inline, once, and inline from then on', async () => {
  const strict: FakeProxy = await startFakeProxy({ chunkDelayMs: 1, models: ['llama3'], maxSystemMessages: 1 });
  cleanup.push(() => strict.close());
  const local: ParticipantConfig = {
    id: 'local',
    displayName: 'Llama',
    color: '#8B5CF6',
    model: 'llama3',
    enabled: true,
    provider: 'strict',
  };
  const orchestrator = new Orchestrator({
    repository: new MemoryThreadRepository([stored]),
    chat: createChatBackend(
      async () => ({ ok: false, error: 'no CLIProxyAPI in this test' }),
      async () => undefined,
      () => {},
      () => [{ id: 'strict', name: 'Strict', baseUrl: `${strict.url}/v1` }],
    ),
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [local] },
  });
  cleanup.push(async () => {
    await orchestrator.shutdown();
    orchestrator.dispose();
  });
  const opened = await orchestrator.store.open('t1');
  if (!opened.ok) throw new Error(opened.reason);
  cleanup.push(() => opened.lease.dispose());
  const idle = () => vi.waitFor(() => expect(orchestrator.runner.isBusy('t1')).toBe(false));
  const sent = () =>
    strict.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => (r.body as { messages: { role: string; content: string }[] }).messages);

  await orchestrator.send('t1', 'first');
  await idle();
  const [refused, inline] = sent();
  expect(refused?.filter((m) => m.role === 'system')).toHaveLength(2);
  expect(inline?.filter((m) => m.role === 'system')).toHaveLength(1);
  expect(inline?.map((m) => m.content)).toContain('[System] Llama joined.');
  const reply = orchestrator.store.transcript('t1')?.messages.at(-1);
  expect(reply).toMatchObject({ speaker: 'local', status: 'complete' });
  expect(reply?.content).toMatch(/^Fake llama3 received/);

  await orchestrator.send('t1', 'second');
  await idle();
  expect(sent()).toHaveLength(3);
  expect(sent()[2]?.filter((m) => m.role === 'system')).toHaveLength(1);
});
