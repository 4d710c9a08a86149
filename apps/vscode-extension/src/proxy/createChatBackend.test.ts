import type { ChatRequest, StreamEvent } from '@roundtable/core';
import { resolveProxyEndpoint } from '@roundtable/sidecar';
import { type FakeProxy, freePort, startFakeProxy } from '@roundtable/testkit';
import { afterEach, describe, expect, test } from 'vitest';
import type { ProviderConfig } from '../adapters/readProviders';
import { createChatBackend } from './createChatBackend';

// Routing by `request.provider`, over real HTTP: a fake CLIProxyAPI that wants its access key, and a keyless
// OpenAI-compatible server on another loopback port standing in for a copilot-api or an Ollama.

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

async function server(options: Parameters<typeof startFakeProxy>[0]): Promise<FakeProxy> {
  const p = await startFakeProxy({ chunkDelayMs: 1, ...options });
  cleanup.push(() => p.close());
  return p;
}

async function setup(providers: ProviderConfig[] = []) {
  const proxy = await server({ accessKeys: ['local-key'] });
  const local = await server({ models: ['llama3.2'] });
  const registry = [{ id: 'local', name: 'Copilot', baseUrl: `${local.url}/v1` }, ...providers];
  const noDns = async (): Promise<string[]> => {
    throw new Error('tests never ask a DNS server');
  };
  const endpoint = () => resolveProxyEndpoint({ mode: 'external', port: 8317, externalUrl: proxy.url }, noDns);
  const replyEnds: boolean[] = [];
  const backend = createChatBackend(
    endpoint,
    async () => 'local-key',
    (ok) => replyEnds.push(ok),
    () => registry,
    {},
    undefined,
    async (image) => (image.sha256 === SHOT.sha256 ? 'data:image/png;base64,iVBORw0KGgo=' : undefined),
  );
  const chat = async (request: Partial<ChatRequest> & { model: string }): Promise<StreamEvent[]> => {
    const events: StreamEvent[] = [];
    const messages = [{ role: 'user' as const, content: 'hello' }];
    for await (const event of backend({ messages, ...request }, new AbortController().signal)) events.push(event);
    return events;
  };
  const chats = (p: FakeProxy) => p.requests.filter((r) => r.path === '/v1/chat/completions');
  return { proxy, local, registry, replyEnds, chat, chats };
}

const SHOT = { sha256: 'c'.repeat(64), mime: 'image/png' as const, bytes: 8, name: 'shot.png' };

const text = (events: StreamEvent[]) => events.map((e) => (e.type === 'delta' ? e.text : '')).join('');

describe('the length limit and usage of each request', () => {
  test('a seat’s own limit wins; an endpoint’s fills in for seats without one; the proxy gets only the seat’s', async () => {
    const { proxy, local, chat, chats, registry } = await setup();
    registry[0] = { ...registry[0], maxTokens: 300 } as ProviderConfig;
    await chat({ model: 'llama3.2', provider: 'local', maxTokens: 50 });
    await chat({ model: 'llama3.2', provider: 'local' });
    await chat({ model: 'claude-sonnet-4-6', maxTokens: 70 });
    await chat({ model: 'claude-sonnet-4-6' });
    const limits = (p: FakeProxy) => chats(p).map((r) => (r.body as { max_tokens?: number }).max_tokens);
    expect(limits(local)).toEqual([50, 300]);
    expect(limits(proxy)).toEqual([70, undefined]);
  });

  test('every request asks for usage until its endpoint refuses the field; a refusal at one is not the other’s', async () => {
    const { proxy, local, chat, chats } = await setup();
    local.enqueue({ kind: 'error', status: 400, body: { error: { message: 'unknown field stream_options' } } });
    await chat({ model: 'llama3.2', provider: 'local' });
    await chat({ model: 'llama3.2', provider: 'local' });
    await chat({ model: 'claude-sonnet-4-6' });
    const asked = (p: FakeProxy) =>
      chats(p).map((r) => (r.body as { stream_options?: unknown }).stream_options !== undefined);
    expect(asked(local)).toEqual([true, false, false]);
    expect(asked(proxy)).toEqual([true]);
  });
});

describe('createChatBackend routes each reply by its provider', () => {
  test('a participant on provider "local" reaches that server, with no Authorization header', async () => {
    const { proxy, local, replyEnds, chat, chats } = await setup();
    const events = await chat({ model: 'llama3.2', provider: 'local' });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(text(events)).toContain('Fake llama3.2 received 1 messages');
    expect(chats(local).map((r) => [(r.body as { model: string }).model, r.headers.authorization])).toEqual([
      ['llama3.2', undefined],
    ]);
    expect(proxy.requests).toEqual([]);
    // Not CLIProxyAPI's reply: the status pill is not rechecked for it.
    expect(replyEnds).toEqual([]);
  });

  test.each([
    ['CLIProxyAPI', undefined],
    ['a provider', 'local'],
  ])(
    'a message with images reaches %s as a text part and an image part per image; a lost one as a line',
    async (_n, provider) => {
      const { proxy, local, chat, chats } = await setup();
      const lost = { ...SHOT, sha256: 'd'.repeat(64), name: 'lost.png' };
      const messages = [{ role: 'user' as const, content: '[User] look', images: [SHOT, lost] }];
      await chat({ model: 'llama3.2', messages, ...(provider ? { provider } : {}) });
      const [request] = chats(provider ? local : proxy);
      expect((request?.body as { messages?: unknown[] } | undefined)?.messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: '[User] look' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'text', text: '[Image left out: lost.png (PNG, 8 bytes) could not be read from disk.]' },
          ],
        },
      ]);
    },
  );

  test.each([
    ['no provider', undefined],
    ['provider "cliproxyapi"', 'cliproxyapi'],
  ])('%s goes to CLIProxyAPI with its access key, and never to the other server', async (_name, provider) => {
    const { proxy, local, replyEnds, chat, chats } = await setup();
    const events = await chat({ model: 'claude-sonnet-4-6', ...(provider ? { provider } : {}) });
    expect(events.at(-1)?.type).toBe('finish');
    expect(chats(proxy).map((r) => r.headers.authorization)).toEqual(['Bearer local-key']);
    expect(local.requests).toEqual([]);
    expect(replyEnds).toEqual([true]);
  });

  test('an unknown provider: one error naming it and the setting, and no request anywhere', async () => {
    const { proxy, local, chat } = await setup();
    expect(await chat({ model: 'llama3.2', provider: 'ollama' })).toEqual([
      {
        type: 'error',
        error: { kind: 'network', message: 'No provider "ollama" in roundtable.providers.' },
      },
    ]);
    expect([...proxy.requests, ...local.requests]).toEqual([]);
  });

  test('the providers are read for every request, so an edited setting applies to the next reply', async () => {
    const { registry, local, chat, chats } = await setup();
    const moved = await server({ models: ['llama3.2'] });
    await chat({ model: 'llama3.2', provider: 'local' });
    registry[0] = { id: 'local', name: 'Copilot', baseUrl: `${moved.url}/v1` };
    await chat({ model: 'llama3.2', provider: 'local' });
    expect([chats(local).length, chats(moved).length]).toEqual([1, 1]);
  });

  test('an unreachable provider: one error that names it and its URL, not CLIProxyAPI', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
    const { chat } = await setup([{ id: 'ollama', name: 'Ollama', baseUrl }]);
    const [event, ...rest] = await chat({ model: 'llama3.2', provider: 'ollama' });
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ type: 'error', error: { kind: 'network' } });
    const message = event?.type === 'error' ? event.error.message : '';
    expect(message).toContain(`Cannot reach Ollama at ${baseUrl} (`);
    expect(message).not.toContain('CLIProxyAPI');
  });

  test('a model the provider does not serve: its error, in its words', async () => {
    const { chat } = await setup();
    const [event] = await chat({ model: 'gpt-4.1', provider: 'local' });
    expect(event?.type).toBe('error');
    const message = event?.type === 'error' ? event.error.message : '';
    expect(message).toMatch(/^Copilot .*gpt-4.1/);
    expect(message).not.toContain('CLIProxyAPI');
  });

  test('a provider that wants a key: a plain HTTP error, never the offer to set the proxy key', async () => {
    const keyed = await server({ accessKeys: ['theirs'], models: ['llama3.2'] });
    const { chat, proxy } = await setup([{ id: 'keyed', name: 'Keyed', baseUrl: `${keyed.url}/v1` }]);
    const [event] = await chat({ model: 'llama3.2', provider: 'keyed' });
    expect(event).toEqual({
      type: 'error',
      error: {
        kind: 'http',
        status: 401,
        message: `Keyed at ${keyed.url}/v1 wants a key (HTTP 401); Roundtable sends none.`,
      },
    });
    expect(keyed.requests.map((r) => r.headers.authorization)).toEqual([undefined]);
    expect(proxy.requests).toEqual([]);
  });
});
