import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { contentOf } from '../src/chatView';
import { roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// A second OpenAI-compatible server on loopback, listed in roundtable.providers, seats a participant of its own in a
// real VS Code: its replies come from it (with no key), CLIProxyAPI's from the proxy, in one shared thread; a seat
// whose model the provider does not serve says so under the header.

describe('roundtable.providers in a real VS Code (code-server + Chromium)', () => {
  // Started with the suite's proxy, so its URL can go in the settings the window starts with.
  let local: FakeProxy | undefined;
  const suite = useSuite({
    startProxy: async () => {
      local = await startFakeProxy({ models: ['llama3'] });
      return startFakeProxy();
    },
    settings: (proxy) => ({
      ...roundtableSettings(proxy.url, [
        { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
        { id: 'llama', displayName: 'Llama', color: '#8B5CF6', model: 'llama3', enabled: true, provider: 'ollama' },
        { id: 'qwen', displayName: 'Qwen', color: '#EC4899', model: 'qwen3', enabled: true, provider: 'ollama' },
      ]),
      'roundtable.providers': [{ id: 'ollama', name: 'Ollama', baseUrl: `${local?.url}/v1` }],
    }),
  });
  afterAll(() => local?.close());

  it('a participant on a provider is answered by that server, with no key, and reads the others', async () => {
    const { proxy, chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    await chat.send('@claude @llama what do you two think?');
    const llama = chat.messages({ speaker: 'llama', status: 'complete' });
    await llama.waitFor({ timeout: 30_000 });
    await shot('provider-seat-answered');
    expect(await contentOf(llama)).toMatch(/^Fake llama3 received 3 messages: system, user\[User\], user\[Claude\]:/);

    const completions = (p: FakeProxy) => p.requests.filter((r) => r.path.startsWith('/v1/chat/completions'));
    const models = (p: FakeProxy) => completions(p).map((r) => (r.body as { model?: string }).model);
    expect(models(local as FakeProxy)).toEqual(['llama3']);
    expect(models(proxy)).toEqual(['claude-sonnet-4-6']);
    expect(completions(local as FakeProxy)[0]?.headers.authorization).toBeUndefined();
  });

  it('a seat whose model its provider does not serve says so', async () => {
    const { chat, shot } = suite;
    const seat = chat.frame.locator('[data-testid="seat"][data-participant="qwen"][data-kind="unavailable"]');
    await seat.waitFor({ timeout: 30_000 });
    expect(await seat.textContent()).toContain('Ollama does not serve qwen3');
    await shot('provider-seat-unavailable');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
