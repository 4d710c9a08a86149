import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ChatState,
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Orchestrator,
  type ParticipantConfig,
  randomIds,
  silentLogger,
  systemClock,
} from '@roundtable/core';
import { resolveProxyEndpoint } from '@roundtable/sidecar';
import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FileThreadRepository } from '../src/adapters/FileThreadRepository';
import { createChatBackend } from '../src/proxy/createChatBackend';

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
  const endpoint = () => resolveProxyEndpoint({ mode: 'external', port: 8317, externalUrl: proxy.url });
  const orchestrator = new Orchestrator({
    repository: new FileThreadRepository(dir, silentLogger),
    chat: createChatBackend(endpoint, async () => options.accessKey),
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [claude, gpt] },
  });
  cleanup.push(() => orchestrator.dispose());
  await orchestrator.initialize();
  return { proxy, dir, orchestrator };
}

async function finished(orchestrator: Orchestrator): Promise<ChatState> {
  await vi.waitFor(() => expect(orchestrator.isBusy).toBe(false), { timeout: 10_000 });
  return orchestrator.getState();
}

describe('a turn through the real client and the fake CLIProxyAPI', () => {
  test('every responder sees the labelled transcript, including the replies before its own', async () => {
    const { orchestrator, proxy, dir } = await setup();
    expect(orchestrator.sendMessage('@claude @gpt hello both')).toEqual({ ok: true });
    const state = await finished(orchestrator);
    const [, first, second] = state.transcript.messages;
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

    await orchestrator.flush();
    const saved = JSON.parse(await readFile(join(dir, `${state.transcript.id}.json`), 'utf8'));
    expect(saved.messages.map((m: { speaker: string; status: string }) => `${m.speaker}:${m.status}`)).toEqual([
      'user:complete',
      'claude:complete',
      'gpt:complete',
    ]);
  });

  test('the proxy refusing the access key ends the reply with how to set it', async () => {
    const { orchestrator } = await setup({ accessKeys: ['local-key'] });
    const failures: string[] = [];
    orchestrator.onDidFailTurn((f) => failures.push(f.error.kind));
    orchestrator.sendMessage('hello');
    const reply = (await finished(orchestrator)).transcript.messages[1];
    expect(reply?.status).toBe('error');
    expect(reply?.error).toContain('Set Proxy Access Key');
    expect(failures).toEqual(['proxy-auth']);
  });

  test('with the access key the same proxy answers', async () => {
    const { orchestrator, proxy } = await setup({ accessKeys: ['local-key'], accessKey: 'local-key' });
    orchestrator.sendMessage('hello');
    expect((await finished(orchestrator)).transcript.messages[1]?.status).toBe('complete');
    expect(proxy.requests.at(-1)?.headers.authorization).toBe('Bearer local-key');
  });

  test('a mid-stream error keeps the partial reply and the provider text; the thread stays usable', async () => {
    const { orchestrator } = await setup();
    orchestrator.sendMessage('@claude break please [[fake:mid-stream-error:2]]');
    const failed = (await finished(orchestrator)).transcript.messages[1];
    expect(failed?.status).toBe('error');
    expect(failed?.content.length).toBeGreaterThan(0);
    expect(failed?.error?.length).toBeGreaterThan(10);
    orchestrator.sendMessage('@claude again');
    const retried = (await finished(orchestrator)).transcript.messages[3];
    expect(retried?.status).toBe('complete');
    expect(retried?.content).toContain('received 4 messages: system, user[User], assistant, user[User]');
  });

  test('stop mid-reply closes the connection and keeps the text as cancelled', async () => {
    const { orchestrator, proxy } = await setup();
    orchestrator.sendMessage('@claude take your time [[fake:stall:2]]');
    await vi.waitFor(() => expect(orchestrator.getState().transcript.messages[1]?.content.length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    orchestrator.stop();
    const reply = (await finished(orchestrator)).transcript.messages[1];
    expect(reply?.status).toBe('cancelled');
    expect(reply?.content.length).toBeGreaterThan(0);
    const index = proxy.requests.findIndex((r) => r.path === '/v1/chat/completions');
    expect(await proxy.whenResponseClosed(index)).toBe('aborted');
  });
});
