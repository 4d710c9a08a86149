import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Orchestrator,
  type ParticipantConfig,
  randomIds,
  silentLogger,
  systemClock,
  type Transcript,
} from '@roundtable/core';
import { resolveProxyEndpoint } from '@roundtable/sidecar';
import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createChatBackend } from '../src/proxy/createChatBackend';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';
import { readStoredThread } from './support/storedThread';

// The whole host-side loop with real parts: orchestrator, prompt assembly, the streaming client over HTTP to the
// fake CLIProxyAPI, and thread files on disk.

const claude: ParticipantConfig = {
  id: 'claude',
  displayName: 'Claude',
  color: '#D97706',
  model: 'claude-sonnet-4-6',
  enabled: true,
};
const gpt: ParticipantConfig = { id: 'gpt', displayName: 'Gpt', color: '#10A37F', model: 'gpt-5.5', enabled: true };

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(options: { accessKeys?: string[]; accessKey?: string } = {}) {
  const proxy: FakeProxy = await startFakeProxy({
    chunkDelayMs: 1,
    ...(options.accessKeys ? { accessKeys: options.accessKeys } : {}),
  });
  cleanup.push(() => proxy.close());
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-turn-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const noDns = async (): Promise<string[]> => {
    throw new Error('tests never ask a DNS server');
  };
  const endpoint = () => resolveProxyEndpoint({ mode: 'external', port: 8317, externalUrl: proxy.url }, noDns);
  const orchestrator = new Orchestrator({
    repository: new FileThreadRepository({ root: dir, logger: silentLogger }),
    chat: createChatBackend(endpoint, async () => options.accessKey),
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, gpt] },
  });
  // Everything written before the folder goes: a save still in flight would recreate files in it.
  cleanup.push(async () => {
    await orchestrator.shutdown();
    orchestrator.dispose();
  });
  const lease = await orchestrator.newThread();
  cleanup.push(() => lease.dispose());
  return { proxy, dir, orchestrator, threadId: lease.threadId };
}

async function finished(orchestrator: Orchestrator, threadId: string): Promise<Transcript> {
  await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false), { timeout: 10_000 });
  const transcript = orchestrator.store.transcript(threadId);
  if (!transcript) throw new Error('thread not loaded');
  return transcript;
}

describe('a turn through the real client and the fake CLIProxyAPI', () => {
  test('every responder sees the labelled transcript, including the replies before its own', async () => {
    const { orchestrator, proxy, dir, threadId } = await setup();
    expect(await orchestrator.send(threadId, '@claude @gpt hello both')).toEqual({ ok: true });
    const [, first, second] = (await finished(orchestrator, threadId)).messages;
    expect(first).toMatchObject({ speaker: 'claude', status: 'complete' });
    expect(first?.content).toBe(
      'Fake claude-sonnet-4-6 received 2 messages: system, user[User].\n\nYou said: [User] @claude @gpt hello both',
    );
    expect(second).toMatchObject({ speaker: 'gpt', status: 'complete' });
    expect(second?.content).toContain('Fake gpt-5.5 received 3 messages: system, user[User], user[Claude]:.');
    expect(first?.usage?.outputTokens).toBeGreaterThan(0);
    expect(
      proxy.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => (r.body as { model: string }).model),
    ).toEqual(['claude-sonnet-4-6', 'gpt-5.5']);

    await orchestrator.store.flush();
    const saved = await readStoredThread(dir, threadId);
    expect(saved.messages.map((m) => `${m.speaker}:${m.status}`)).toEqual([
      'user:complete',
      'claude:complete',
      'gpt:complete',
    ]);
  });

  test('the proxy refusing the access key ends the reply with how to set it', async () => {
    const { orchestrator, threadId } = await setup({ accessKeys: ['local-key'] });
    const failures: string[] = [];
    orchestrator.runner.onDidFailReply((f) => failures.push(f.error.kind));
    await orchestrator.send(threadId, 'hello');
    const reply = (await finished(orchestrator, threadId)).messages[1];
    expect(reply?.status).toBe('error');
    expect(reply?.error).toContain('Set Proxy Access Key');
    expect(failures).toEqual(['proxy-auth']);
  });

  test('with the access key the same proxy answers', async () => {
    const { orchestrator, proxy, threadId } = await setup({ accessKeys: ['local-key'], accessKey: 'local-key' });
    await orchestrator.send(threadId, 'hello');
    expect((await finished(orchestrator, threadId)).messages[1]?.status).toBe('complete');
    expect(proxy.requests.at(-1)?.headers.authorization).toBe('Bearer local-key');
  });

  test('a mid-stream error keeps the partial reply and the provider text; the thread stays usable', async () => {
    const { orchestrator, threadId } = await setup();
    await orchestrator.send(threadId, '@claude break please [[fake:mid-stream-error:2]]');
    const failed = (await finished(orchestrator, threadId)).messages[1];
    expect(failed?.status).toBe('error');
    expect(failed?.content.length).toBeGreaterThan(0);
    expect(failed?.error?.length).toBeGreaterThan(10);
    // The proxy now pauses that model for about a minute: said as such, not as a missing login.
    await orchestrator.send(threadId, '@claude again');
    const paused = (await finished(orchestrator, threadId)).messages[3];
    expect(paused?.status).toBe('error');
    expect(paused?.error).toMatch(/is pausing claude-sonnet-4-6 for about a minute after its last failure/);
    // Another model at the table answers meanwhile, seeing the failed reply's text (the empty pause is left out).
    await orchestrator.send(threadId, '@gpt your turn');
    const other = (await finished(orchestrator, threadId)).messages[5];
    expect(other?.status).toBe('complete');
    expect(other?.content).toContain('received 5 messages: system, user[User], user[Claude]:, user[User], user[User]');
  });

  test('stop mid-reply closes the connection and keeps the text as cancelled', async () => {
    const { orchestrator, proxy, threadId } = await setup();
    await orchestrator.send(threadId, '@claude take your time [[fake:stall:2]]');
    await vi.waitFor(
      () => expect(orchestrator.store.transcript(threadId)?.messages[1]?.content.length).toBeGreaterThan(0),
      { timeout: 10_000 },
    );
    orchestrator.stop(threadId);
    const reply = (await finished(orchestrator, threadId)).messages[1];
    expect(reply?.status).toBe('cancelled');
    expect(reply?.content.length).toBeGreaterThan(0);
    const index = proxy.requests.findIndex((r) => r.path === '/v1/chat/completions');
    expect(await proxy.whenResponseClosed(index)).toBe('aborted');
  });
});
